import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../test/support/local-chat-harness'

/**
 * `POST /v1/completions` with the official `openai` client: raw continuation on the local stories260K
 * base model (no chat template), and passthrough to an OpenAI-type upstream (gpt-echo).
 */
let h: LocalChatHarness
beforeAll(async () => {
  h = await startLocalChatHarness()
}, 120_000)
afterAll(async () => h?.close())

const EOS = '2' // stories260K's end-of-sequence token, banned so every asked-for token comes

describe('legacy completions on the local base model', () => {
  it('continues the prompt raw: the same text as the engine gives the bare prompt, echo and usage', async () => {
    const base = { model: 'stories', prompt: 'Once upon a time', max_tokens: 8, temperature: 0, logit_bias: { [EOS]: -100 } }
    const plain = await h.client.completions.create(base)
    expect(plain.object).toBe('text_completion')
    expect(plain.choices[0]!.text.length).toBeGreaterThan(0)
    expect(plain.choices[0]!.finish_reason).toBe('length')
    expect(plain.usage).toMatchObject({ completion_tokens: 8 })
    // Raw: the prompt is the whole context (BOS + its tokens), far fewer than the chat template would add.
    const chat = await h.client.chat.completions.create({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], max_completion_tokens: 1 })
    expect(plain.usage!.prompt_tokens).toBeLessThan(chat.usage!.prompt_tokens)
    const echoed = await h.client.completions.create({ ...base, echo: true })
    expect(echoed.choices[0]!.text).toBe(`Once upon a time${plain.choices[0]!.text}`)
  })

  it('streams the same text, n choices, stop and logprobs in the legacy form', async () => {
    const base = { model: 'stories', prompt: 'Once upon a time', max_tokens: 8, temperature: 0, logit_bias: { [EOS]: -100 } }
    const whole = await h.client.completions.create(base)
    let text = ''
    for await (const chunk of await h.client.completions.create({ ...base, stream: true })) text += chunk.choices[0]?.text ?? ''
    expect(text).toBe(whole.choices[0]!.text)

    const two = await h.client.completions.create({ ...base, n: 2, temperature: 1, seed: 5 })
    expect(two.choices.map((c) => c.index)).toEqual([0, 1])

    const withLogprobs = await h.client.completions.create({ ...base, logprobs: 2 })
    const lp = withLogprobs.choices[0]!.logprobs!
    expect(lp.tokens!.join('')).toBe(withLogprobs.choices[0]!.text)
    expect(lp.token_logprobs).toHaveLength(lp.tokens!.length)
    expect(Object.keys(lp.top_logprobs![0]!).length).toBeGreaterThan(0)
    expect(lp.text_offset![0]).toBe(0)

    const stopAt = whole.choices[0]!.text.trim().split(' ')[1]
    if (stopAt) {
      const stopped = await h.client.completions.create({ ...base, stop: [stopAt] })
      expect(stopped.choices[0]!.text).not.toContain(stopAt)
      expect(stopped.choices[0]!.finish_reason).toBe('stop')
    }
  })

  it('refuses suffix on a local model, naming the field', async () => {
    await expect(h.client.completions.create({ model: 'stories', prompt: 'a', suffix: 'b' })).rejects.toMatchObject({ status: 400, param: 'suffix' })
  })
})

describe('legacy completions passed through to an OpenAI-type upstream', () => {
  it('forwards the body with the upstream model id and bills the reported usage', async () => {
    const { data, response } = await h.client.completions.create({ model: 'gpt-echo', prompt: 'Say', suffix: '!', echo: true, max_tokens: 5 }).withResponse()
    expect(data.choices[0]!.text).toBe('Say and so on')
    const sent = h.upstream.requests.at(-1)!
    expect(sent.url).toBe('/v1/completions')
    expect(sent.json).toMatchObject({ model: 'gpt-4o-mini', prompt: 'Say', suffix: '!', echo: true, max_tokens: 5 })
    const row = h.gw.store.usage.get(response.headers.get('x-request-id')!)
    expect(row).toMatchObject({ endpoint: 'completions', modelName: 'gpt-echo', status: 200, completionTokens: 3 })
  })

  it('relays a stream and bills it from the usage chunk it asked for', async () => {
    let text = ''
    const stream = await h.client.completions.create({ model: 'gpt-echo', prompt: 'Go', stream: true }).withResponse()
    for await (const chunk of stream.data) text += chunk.choices[0]?.text ?? ''
    expect(text).toBe(' and so on')
    const row = await h.rowOf(stream.response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'completions', status: 200, completionTokens: 3, usageEstimated: false })
  })

  it('models.retrieve finds a model by name', async () => {
    expect(await h.client.models.retrieve('gpt-echo')).toMatchObject({ id: 'gpt-echo', object: 'model' })
  })
})
