import { readFileSync } from 'node:fs'
import Ajv from 'ajv'
import type OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { probeSeconds, useAudioFixtures } from '../../../../test/support/audio-fixtures'
import { admin, TEAM_KEY } from '../../../../test/support/harness'
import { TEST_VAD_MODEL } from '../../engines/engine-test-support'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../test/support/local-chat-harness'

const { probeAudio, silenceWav } = useAudioFixtures()

/**
 * Local chat on ../shared/models/llm/stories260K.gguf through the gateway over HTTP, with the official
 * `openai` client: the registry's local provider, the pipeline, the llama engine's worker. stories260K
 * has no chat template, so its answers are story-like nonsense; what the grammar enforces (JSON, tool
 * calls) is still exact. One request at a time per model here (llama_concurrency 1), so a freed slot
 * shows as the next request starting.
 */
let h: LocalChatHarness
let client: OpenAI
const EOS = '2' // stories260K's end-of-sequence token: banned where a test needs every token it asks for
const user = (content: string) => [{ role: 'user' as const, content }]
const greedy = { model: 'stories', messages: user('Once upon a time'), temperature: 0 }

beforeAll(async () => {
  // vad_min_seconds 1: the input_audio test's silence goes through the VAD (installed there), not whisper.
  h = await startLocalChatHarness({ engines: { llama_concurrency: 1, llama_max_models: 1, vad_min_seconds: 1 } })
  client = h.client
})
afterAll(async () => h?.close())

describe('local chat (llama.cpp) through the gateway', () => {
  it('answers whole and streamed alike, with usage and the model that answered', async () => {
    const { data: whole, response } = await client.chat.completions.create({ ...greedy, max_completion_tokens: 30 }).withResponse()
    expect(whole).toMatchObject({ object: 'chat.completion', model: 'stories', choices: [{ index: 0, message: { role: 'assistant', refusal: null } }] })
    expect(whole.choices[0]!.message.content!.length).toBeGreaterThan(0)
    expect(response.headers.get('x-svc-model-id')).toBe(h.gw.store.models.getByName('stories')!.id)
    const { data: stream, response: streamed } = await client.chat.completions.create({ ...greedy, max_completion_tokens: 30, stream: true, stream_options: { include_usage: true } }).withResponse()
    let text = ''
    let usage: OpenAI.CompletionUsage | null | undefined
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      if (chunk.usage) usage = chunk.usage
    }
    expect(text).toBe(whole.choices[0]!.message.content)
    expect(usage).toMatchObject({ prompt_tokens: whole.usage!.prompt_tokens, completion_tokens: whole.usage!.completion_tokens })
    const row = await h.rowOf(streamed.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'chat.completions', modelName: 'stories', stream: true, status: 200, promptTokens: usage!.prompt_tokens, usageEstimated: false })
    expect(row.creditsMicro).toBe(usage!.prompt_tokens * 1000 + usage!.completion_tokens * 2000)
  })

  it('stops before a stop sequence, and at max_completion_tokens', async () => {
    const text = (await client.chat.completions.create({ ...greedy, max_completion_tokens: 80 })).choices[0]!.message.content!
    const stop = text.slice(20, 24)
    const stopped = await client.chat.completions.create({ ...greedy, max_completion_tokens: 80, stop: [stop] })
    expect(stopped.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: text.slice(0, text.indexOf(stop)) } })
    const capped = await client.chat.completions.create({ ...greedy, max_completion_tokens: 5, logit_bias: { [EOS]: -100 } })
    expect(capped.choices[0]!.finish_reason).toBe('length')
    expect(capped.usage!.completion_tokens).toBe(5)
  })

  it('gives the same text for the same seed, and n: 2 choices of their own', async () => {
    const sampled = { model: 'stories', messages: user('Once upon a time'), temperature: 1, max_completion_tokens: 24 }
    const a = await client.chat.completions.create({ ...sampled, seed: 4242 })
    const b = await client.chat.completions.create({ ...sampled, seed: 4242 })
    expect(b.choices[0]!.message.content).toBe(a.choices[0]!.message.content)
    const two = await client.chat.completions.create({ ...sampled, seed: 4242, n: 2, logit_bias: { [EOS]: -100 } })
    expect(two.choices.map((c) => c.index)).toEqual([0, 1])
    expect(two.choices[0]!.message.content).not.toBe(two.choices[1]!.message.content)
    expect(two.usage!.completion_tokens).toBe(48)
  })

  it('returns logprobs from the sampler, with the alternatives asked for', async () => {
    const res = await client.chat.completions.create({ ...greedy, max_completion_tokens: 8, logprobs: true, top_logprobs: 3 })
    const tokens = res.choices[0]!.logprobs!.content!
    expect(tokens.map((t) => t.token).join('')).toBe(res.choices[0]!.message.content)
    for (const t of tokens) {
      expect(t.logprob).toBeLessThanOrEqual(0)
      expect(t.top_logprobs).toHaveLength(3)
      // Greedy: the token taken is the likeliest one.
      expect(t.top_logprobs[0]!.logprob).toBeCloseTo(t.logprob, 5)
    }
  })

  it('writes json_schema output that validates in 20 runs out of 20', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 16 }, age: { type: 'integer' }, pets: { type: 'array', items: { enum: ['cat', 'dog'] }, maxItems: 3 } },
      required: ['name', 'age', 'pets'],
      additionalProperties: false,
    }
    const validate = new Ajv().compile(schema)
    let valid = 0
    for (let seed = 1; seed <= 20; seed++) {
      const res = await client.chat.completions.create({
        model: 'stories',
        messages: user('Describe a person as JSON.'),
        seed,
        max_completion_tokens: 200,
        response_format: { type: 'json_schema', json_schema: { name: 'person', schema, strict: true } },
      })
      expect(res.choices[0]!.finish_reason).toBe('stop')
      if (validate(JSON.parse(res.choices[0]!.message.content!))) valid++
    }
    expect(valid).toBe(20)
  })

  it('makes a forced tool call whose arguments validate against its schema', async () => {
    const parameters = { type: 'object', properties: { city: { type: 'string', maxLength: 20 }, days: { type: 'integer' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } }, required: ['city', 'days', 'unit'], additionalProperties: false }
    const res = await client.chat.completions.create({
      model: 'stories',
      messages: user('What is the weather?'),
      seed: 3,
      max_completion_tokens: 120,
      tools: [{ type: 'function', function: { name: 'get_weather', parameters } }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    })
    const call = res.choices[0]!.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall
    expect(res.choices[0]!.finish_reason).toBe('tool_calls')
    expect(call.function.name).toBe('get_weather')
    expect(new Ajv().validate(parameters, JSON.parse(call.function.arguments))).toBe(true)
  })

  it('speaks its answer in the format asked for (audio out)', async () => {
    const res = await client.chat.completions.create({ ...greedy, max_completion_tokens: 16, logit_bias: { [EOS]: -100 }, modalities: ['text', 'audio'], audio: { voice: 'sage', format: 'opus' } })
    const audio = (res.choices[0]!.message as unknown as { audio: { data: string; transcript: string } }).audio
    expect(audio.transcript.length).toBeGreaterThan(0)
    const probed = probeAudio(Buffer.from(audio.data, 'base64'))
    expect([probed.format, probed.codec]).toEqual(['ogg', 'opus'])
    expect(probed.seconds).toBeGreaterThan(0)
  })

  it('accepts input_audio: the local speech-to-text model hears it and the usage row counts it', async () => {
    // The test whisper model has no weights (its transcripts are empty) and costs ~17 s a call, so the audio
    // is silence that the local model's VAD answers as speechless: what reaches stories260K is the text part
    // alone. What this shows is the path: decoded, heard by the local speech-to-text model, billed. whisper.cpp
    // itself runs in transcription.contract.test.ts and local-transcription-provider.test.ts.
    const imported = await h.gw.app.inject({ method: 'POST', url: '/admin/local-models/import', headers: admin, payload: { path: TEST_VAD_MODEL, name: 'silero-v6.2.0' } })
    expect(imported.statusCode).toBe(201)
    const file = silenceWav(2)
    const { data: res, response } = await client.chat.completions
      .create({
        model: 'stories',
        max_completion_tokens: 8,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Once upon a time' }, { type: 'input_audio', input_audio: { data: readFileSync(file).toString('base64'), format: 'wav' } }] }],
      })
      .withResponse()
    expect(res.choices[0]!.message.content).toEqual(expect.any(String))
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row.audioSeconds).toBeCloseTo(probeSeconds(file), 1)
    expect(row.creditsMicro).toBe(res.usage!.prompt_tokens * 1000 + res.usage!.completion_tokens * 2000 + Math.round(row.audioSeconds * 0.1 * 1e6))
  }, 120_000)

  it('counts /v1/messages/count_tokens with the model\'s own tokenizer, at no charge', async () => {
    const count = async (body: unknown) => {
      const res = await fetch(`${h.url}/v1/messages/count_tokens`, { method: 'POST', headers: { 'x-api-key': TEAM_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: JSON.stringify(body) })
      expect(res.status).toBe(200)
      // Logged as a count, at no charge.
      expect(await h.rowOf(res.headers.get('x-request-id'))).toMatchObject({ endpoint: 'messages.count_tokens', modelName: 'stories', status: 200, creditsMicro: 0 })
      return ((await res.json()) as { input_tokens: number }).input_tokens
    }
    const short = await count({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }] })
    const longer = await count({ model: 'stories', system: 'Tell a story.', messages: [{ role: 'user', content: 'Once upon a time there was a little girl' }] })
    expect(short).toBeGreaterThan(3)
    expect(longer).toBeGreaterThan(short)
    // The same conversation sent to chat is billed for the same number of prompt tokens.
    const chat = await client.chat.completions.create({ ...greedy, max_completion_tokens: 1 })
    expect(chat.usage!.prompt_tokens).toBe(short)
  })

  it('frees the slot within a second of a client leaving mid-stream', async () => {
    const leaving = new AbortController()
    const long = await client.chat.completions.create({ ...greedy, max_completion_tokens: 1900, logit_bias: { [EOS]: -100 }, stream: true }, { signal: leaving.signal })
    for await (const chunk of long) if (chunk.choices[0]?.delta.content) break // the first token: the one slot is busy
    const left = performance.now()
    leaving.abort()
    const next = await client.chat.completions.create({ ...greedy, max_completion_tokens: 4, stream: true })
    let started = 0
    for await (const chunk of next) if (!started && chunk.choices[0]?.delta.content) started = performance.now()
    expect(started - left).toBeLessThan(1000)
    // The one that left is logged as the client closing (499), billed for what it streamed.
    const rows = h.gw.store.usage.list({ limit: 2 })
    expect(rows.map((r) => r.status).sort()).toEqual([200, 499])
    expect(rows.find((r) => r.status === 499)!.completionTokens).toBeGreaterThan(0)
  })
})
