import Ajv from 'ajv'
import { LlamaLogLevel, getLlama } from 'node-llama-cpp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LlamaHarness, collect, startLlamaHarness, streamedText } from '../../../../test/support/llama-harness'
import { TEST_LLAMA_MODEL } from '../../../../test/support/llama-models'

let h: LlamaHarness
beforeAll(() => {
  h = startLlamaHarness()
})
afterAll(() => h.close())

const greedy = { temperature: 0, max_completion_tokens: 40 }

describe('local llama chat provider on stories260K', () => {
  it('answers with the exact completion shape and counts the tokens', async () => {
    const reply = await h.complete({ ...greedy, max_completion_tokens: 12 })
    expect(reply).toMatchObject({ object: 'chat.completion', model: 'stories', system_fingerprint: expect.stringMatching(/^fp_/) })
    expect(reply.id).toMatch(/^chatcmpl-/)
    const [choice] = reply.choices
    expect(choice).toMatchObject({ index: 0, finish_reason: 'length', logprobs: { content: null, refusal: null } })
    expect(choice!.message).toMatchObject({ role: 'assistant', refusal: null })
    expect(choice!.message.content!.length).toBeGreaterThan(0)
    expect(reply.usage.completion_tokens).toBe(12)
    expect(reply.usage.prompt_tokens).toBeGreaterThan(5)
    expect(reply.usage.total_tokens).toBe(reply.usage.prompt_tokens + 12)
  })

  it('streams the same text it answers whole, role first and finish_reason last, with usage', async () => {
    const whole = await h.complete(greedy)
    const stream = await h.stream(greedy)
    const chunks = await collect(stream)
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: 'assistant', content: '', refusal: null })
    expect(chunks.at(-1)!.choices[0]).toMatchObject({ delta: {}, finish_reason: 'length' })
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.usage === null && c.id === chunks[0]!.id)).toBe(true)
    expect(streamedText(chunks)).toBe(whole.choices[0]!.message.content)
    expect(stream.reportedUsage()).toMatchObject({ completion_tokens: 40, prompt_tokens: whole.usage.prompt_tokens })
  })

  it('ends before a stop sequence, which never reaches the client, whole or streamed', async () => {
    const text = (await h.complete({ ...greedy, max_completion_tokens: 80 })).choices[0]!.message.content!
    const stop = text.slice(20, 24)
    const expected = text.slice(0, text.indexOf(stop))
    const reply = await h.complete({ ...greedy, max_completion_tokens: 80, stop: [stop, 'zzzz'] })
    expect(reply.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: expected } })
    const chunks = await collect(await h.stream({ ...greedy, max_completion_tokens: 80, stop }))
    expect(streamedText(chunks)).toBe(expected)
  })

  it('gives the same text for the same seed and prompt, and another for another seed', async () => {
    const sampled = { temperature: 1, max_completion_tokens: 30 }
    const a = await h.complete({ ...sampled, seed: 1234 })
    const b = await h.complete({ ...sampled, seed: 1234 })
    const c = await h.complete({ ...sampled, seed: 98765 })
    expect(b.choices[0]!.message.content).toBe(a.choices[0]!.message.content)
    expect(c.choices[0]!.message.content).not.toBe(a.choices[0]!.message.content)
  })

  it('answers n: 2 with two indexed choices, whole and streamed', async () => {
    const reply = await h.complete({ temperature: 1, seed: 7, n: 2, max_completion_tokens: 10 })
    expect(reply.choices.map((c) => c.index)).toEqual([0, 1])
    expect(reply.choices[0]!.message.content).not.toBe(reply.choices[1]!.message.content)
    expect(reply.usage.completion_tokens).toBe(20)
    const chunks = await collect(await h.stream({ temperature: 1, seed: 7, n: 2, max_completion_tokens: 10 }))
    expect([streamedText(chunks, 0), streamedText(chunks, 1)]).toEqual(reply.choices.map((c) => c.message.content))
  })

  it('applies frequency and presence penalties and logit_bias', async () => {
    const plain = await h.complete({ ...greedy, max_completion_tokens: 60, logprobs: true, top_logprobs: 1 })
    const text = plain.choices[0]!.message.content
    expect((await h.complete({ ...greedy, max_completion_tokens: 60, frequency_penalty: 2 })).choices[0]!.message.content).not.toBe(text)
    expect((await h.complete({ ...greedy, max_completion_tokens: 60, presence_penalty: 2 })).choices[0]!.message.content).not.toBe(text)
    // Banning every token that spells the greedy first token (ids from the model's own vocabulary) makes
    // the answer start with another one; pushing them up makes the answer nothing but them.
    const first = plain.choices[0]!.logprobs.content![0]!.token
    const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error })
    const model = await llama.loadModel({ modelPath: TEST_LLAMA_MODEL })
    const ids = [...model.iterateAllTokens()].filter((id) => model.detokenize([id]) === first)
    await model.dispose()
    expect(ids.length).toBeGreaterThan(0)
    const bias = (value: number) => Object.fromEntries(ids.map((id) => [String(id), value]))
    const banned = await h.complete({ ...greedy, max_completion_tokens: 5, logprobs: true, logit_bias: bias(-100) })
    expect(banned.choices[0]!.logprobs.content![0]!.token).not.toBe(first)
    const boosted = await h.complete({ ...greedy, max_completion_tokens: 5, logit_bias: bias(100) })
    expect(boosted.choices[0]!.message.content!.replace(/\s/g, '')).toBe(first.repeat(5))
  })

  it('gives logprobs from the sampler: one per token, top alternatives sorted, the chosen token among them', async () => {
    const reply = await h.complete({ ...greedy, max_completion_tokens: 15, logprobs: true, top_logprobs: 3 })
    const content = reply.choices[0]!.logprobs.content!
    expect(content).toHaveLength(15)
    expect(content.map((t) => t.token).join('')).toBe(reply.choices[0]!.message.content)
    for (const t of content) {
      expect(t.top_logprobs).toHaveLength(3)
      expect(t.logprob).toBeLessThanOrEqual(0)
      const tops = t.top_logprobs.map((x) => x.logprob)
      expect([...tops].sort((x, y) => y - x)).toEqual(tops)
      // Greedy: the chosen token is the most likely one.
      expect(t.logprob).toBeCloseTo(tops[0]!, 6)
      expect(Buffer.from(t.bytes!).toString('utf8')).toBe(t.token)
    }
    const chunks = await collect(await h.stream({ ...greedy, max_completion_tokens: 15, logprobs: true, top_logprobs: 3 }))
    const streamed = chunks.flatMap((c) => c.choices.flatMap((ch) => ch.logprobs?.content ?? []))
    expect(streamed).toEqual(content)
  })

  it('writes JSON that validates against the json_schema in 20 runs out of 20', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 16 },
        age: { type: 'integer' },
        pet: { enum: ['cat', 'dog', 'bird'] },
        friends: { type: 'array', items: { type: 'string', maxLength: 10 }, maxItems: 3 },
        happy: { type: 'boolean' },
      },
      required: ['name', 'age', 'pet', 'friends', 'happy'],
      additionalProperties: false,
    }
    const validate = new Ajv().compile(schema)
    const response_format = { type: 'json_schema', json_schema: { name: 'person', schema, strict: true } }
    for (let seed = 0; seed < 20; seed++) {
      const reply = await h.complete({ temperature: 1, seed, max_completion_tokens: 300, response_format })
      const text = reply.choices[0]!.message.content!
      expect(reply.choices[0]!.finish_reason).toBe('stop')
      expect(validate(JSON.parse(text)), `seed ${seed}: ${text} ${JSON.stringify(validate.errors)}`).toBe(true)
    }
  })

  it('forces a tool call whose arguments parse and match the schema (named and required), whole and streamed', async () => {
    const parameters = {
      type: 'object',
      properties: { city: { type: 'string', maxLength: 20 }, unit: { enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer' } },
      required: ['city', 'unit', 'days'],
    }
    const validate = new Ajv().compile(parameters)
    const tools = [
      { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters } },
      { type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string', maxLength: 10 } }, required: ['zone'] } } },
    ]
    const named = await h.complete({ temperature: 1, seed: 3, max_completion_tokens: 200, tools, tool_choice: { type: 'function', function: { name: 'get_weather' } } })
    const call = named.choices[0]!.message.tool_calls![0]!
    expect(named.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null } })
    expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather' } })
    expect(validate(JSON.parse(call.function.arguments))).toBe(true)

    const required = await h.complete({ temperature: 1, seed: 4, max_completion_tokens: 200, tools, tool_choice: 'required' })
    const anyCall = required.choices[0]!.message.tool_calls![0]!
    expect(['get_weather', 'get_time']).toContain(anyCall.function.name)
    expect(() => JSON.parse(anyCall.function.arguments)).not.toThrow()

    const chunks = await collect(await h.stream({ temperature: 1, seed: 3, max_completion_tokens: 200, tools, tool_choice: { type: 'function', function: { name: 'get_weather' } } }))
    const delta = chunks.flatMap((c) => c.choices.flatMap((ch) => ch.delta.tool_calls ?? []))
    expect(delta).toEqual([{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: call.function.arguments } }])
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls')
  })

  it('continues a conversation on the cached prefix of its earlier turns', async () => {
    const first = await h.complete({ ...greedy, max_completion_tokens: 20, messages: [{ role: 'user', content: 'Tell me about a cat.' }] })
    const messages = [{ role: 'user', content: 'Tell me about a cat.' }, { role: 'assistant', content: first.choices[0]!.message.content }, { role: 'user', content: 'And a dog?' }]
    const second = await h.complete({ ...greedy, max_completion_tokens: 20, messages })
    expect(second.usage.prompt_tokens_details.cached_tokens).toBeGreaterThan(first.usage.prompt_tokens)
  })

  it('answers 400 naming each parameter the engine cannot honour', async () => {
    const refused = async (body: Record<string, unknown>) => h.complete(body).then(() => null, (e: unknown) => e)
    expect(await refused({ modalities: ['text', 'audio'], audio: { voice: 'alloy', format: 'mp3' } })).toMatchObject({ status: 400, param: 'audio' })
    expect(await refused({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }] })).toMatchObject({ status: 400, param: 'messages[0].content[0].type' })
    const schema = { type: 'object', properties: { code: { type: 'string', not: { const: 'AB' } } } }
    expect(await refused({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } })).toMatchObject({ status: 400, param: 'response_format.json_schema.schema.properties.code.not' })
    expect(await refused({ logit_bias: { '99999': 5 } })).toMatchObject({ status: 400, param: 'logit_bias' })
    expect(await refused({ reasoning_effort: 'high' })).toMatchObject({ status: 400, param: 'reasoning_effort' })
  })
})
