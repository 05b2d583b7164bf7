import type { ServerResponse } from 'node:http'
import { type RecordedRequest, sleep, startFakeServer, writeSse } from './fake-upstream'

type Msg = { role: string; content?: unknown; tool_calls?: unknown }
const lastUser = (messages: Msg[]) => {
  const m = [...messages].reverse().find((x) => x.role === 'user' || x.role === 'tool')
  return typeof m?.content === 'string' ? m.content : JSON.stringify(m?.content ?? '')
}

/**
 * An OpenAI-compatible upstream on loopback. It echoes the last user message, calls the first tool
 * when tools are offered (until a tool result comes back), answers json_schema requests with an object
 * that fits the schema's required string fields, honours `n`, and streams word by word.
 */
export function answerFor(body: Record<string, unknown>, choice: number) {
  const messages = (body.messages ?? []) as Msg[]
  const tools = (body.tools ?? []) as Array<{ type: string; function: { name: string } }>
  const last = messages[messages.length - 1]
  if (tools.length && body.tool_choice !== 'none' && last?.role === 'user') {
    return { tool: { id: `call_${choice}`, name: tools[0]!.function.name, arguments: JSON.stringify({ city: 'Paris' }) } }
  }
  const format = body.response_format as { type: string; json_schema?: { schema?: { required?: string[] } } } | undefined
  if (format?.type === 'json_schema') {
    const fields = format.json_schema?.schema?.required ?? ['answer']
    return { text: JSON.stringify(Object.fromEntries(fields.map((f) => [f, `value of ${f}`]))) }
  }
  return { text: `echo${choice ? ` ${choice}` : ''}: ${lastUser(messages)}` }
}

const promptTokens = (body: Record<string, unknown>) => Math.ceil(JSON.stringify(body.messages ?? []).length / 4)

export function completionFor(req: RecordedRequest) {
  const body = req.json
  const n = (body.n as number | undefined) ?? 1
  const answers = Array.from({ length: n }, (_, i) => answerFor(body, i))
  const completion = answers.reduce((sum, a) => sum + (a.text ?? a.tool!.arguments).split(' ').length, 0)
  return {
    id: 'chatcmpl-fake123',
    object: 'chat.completion',
    created: 1_790_000_000,
    model: String(body.model),
    system_fingerprint: 'fp_fake',
    choices: answers.map((a, index) => ({
      index,
      message: a.tool
        ? { role: 'assistant', content: null, tool_calls: [{ id: a.tool.id, type: 'function', function: { name: a.tool.name, arguments: a.tool.arguments } }] }
        : { role: 'assistant', content: a.text },
      finish_reason: a.tool ? 'tool_calls' : 'stop',
      logprobs: null,
    })),
    usage: { prompt_tokens: promptTokens(body), completion_tokens: completion, total_tokens: promptTokens(body) + completion, prompt_tokens_details: { cached_tokens: 0 } },
  }
}

export async function streamCompletion(req: RecordedRequest, res: ServerResponse, delayMs = 0) {
  const full = completionFor(req)
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`)
  const base = { id: full.id, object: 'chat.completion.chunk', created: full.created, model: full.model, system_fingerprint: 'fp_fake' }
  for (const choice of full.choices) {
    send({ ...base, choices: [{ index: choice.index, delta: { role: 'assistant', content: '' }, finish_reason: null }] })
    const calls = choice.message.tool_calls
    if (calls) {
      send({ ...base, choices: [{ index: choice.index, delta: { tool_calls: [{ index: 0, id: calls[0]!.id, type: 'function', function: { name: calls[0]!.function.name, arguments: '' } }] }, finish_reason: null }] })
      send({ ...base, choices: [{ index: choice.index, delta: { tool_calls: [{ index: 0, function: { arguments: calls[0]!.function.arguments } }] }, finish_reason: null }] })
    } else {
      for (const word of (choice.message.content ?? '').split(/(?<= )/)) {
        if (res.destroyed) return
        send({ ...base, choices: [{ index: choice.index, delta: { content: word }, finish_reason: null }] })
        if (delayMs) await sleep(delayMs)
      }
    }
    send({ ...base, choices: [{ index: choice.index, delta: {}, finish_reason: choice.finish_reason }] })
  }
  const options = req.json.stream_options as { include_usage?: boolean } | undefined
  if (options?.include_usage) send({ ...base, choices: [], usage: full.usage })
  res.end('data: [DONE]\n\n')
}

/** What the fake answers every transcription with: verbose_json of two known segments. */
export const KNOWN_TRANSCRIPT = {
  task: 'transcribe',
  language: 'english',
  duration: 4.25,
  text: 'Ask not what your country can do. Ask what you can do.',
  segments: [
    { id: 0, start: 0, end: 1.5, text: ' Ask not what your country can do.', tokens: [1, 2], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.1, no_speech_prob: 0.01 },
    { id: 1, start: 2.004, end: 4.25, text: ' Ask what you can do.', tokens: [3], temperature: 0, avg_logprob: -0.3, compression_ratio: 1.0, no_speech_prob: 0.02 },
  ],
}

/**
 * What the fake answers `/embeddings` with: for input i, `dimensions` (default 8) values i + 0.5, i + 0.25, ...,
 * as float arrays or, when asked, base64 float32s; one prompt token per 4 characters (or per token id).
 */
export function embeddingsFor(body: Record<string, unknown>) {
  const raw = body.input as string | string[] | number[] | number[][]
  const inputs = typeof raw === 'string' ? [raw] : typeof raw[0] === 'number' ? [raw as number[]] : (raw as Array<string | number[]>)
  const dims = (body.dimensions as number | undefined) ?? 8
  const vector = (i: number) => Array.from({ length: dims }, (_, j) => i + 1 / 2 ** (j + 1))
  const encode = (v: number[]) => {
    const bytes = Buffer.alloc(v.length * 4)
    v.forEach((x, j) => bytes.writeFloatLE(x, j * 4))
    return bytes.toString('base64')
  }
  const tokens = inputs.reduce((n, x) => n + (typeof x === 'string' ? Math.ceil(x.length / 4) : x.length), 0)
  return {
    object: 'list',
    model: String(body.model),
    data: inputs.map((_, i) => ({ object: 'embedding', index: i, embedding: body.encoding_format === 'base64' ? encode(vector(i)) : vector(i) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  }
}

/** Legacy `/completions`: the prompt continued by " and so on", word by word when streamed, usage when asked. */
function legacyCompletion(req: RecordedRequest, res: ServerResponse) {
  const body = req.json
  const prompt = String(body.prompt)
  const text = `${body.echo ? prompt : ''} and so on`
  const usage = { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: 3, total_tokens: Math.ceil(prompt.length / 4) + 3 }
  const base = { id: 'cmpl-fake', object: 'text_completion', created: 1_790_000_000, model: String(body.model) }
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...base, choices: [{ text, index: 0, logprobs: null, finish_reason: 'stop' }], usage }))
    return
  }
  const words = text.split(/(?<= )/)
  const events = words.map((w, i) => ({ data: { ...base, choices: [{ text: w, index: 0, logprobs: null, finish_reason: i === words.length - 1 ? 'stop' : null }] } }))
  const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage
  writeSse(res, [...events, ...(wantsUsage ? [{ data: { ...base, choices: [], usage } }] : []), { data: '[DONE]' }])
}

/** The usage the fake's `/responses` reports: 12 in (4 of them cached), 5 out (2 of them reasoning). */
export const NATIVE_RESPONSE_USAGE = { input_tokens: 12, input_tokens_details: { cached_tokens: 4 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 2 }, total_tokens: 17 }

/** A response object as OpenAI's own `/v1/responses` returns it, answering "native: <input>". */
export function nativeResponseFor(body: Record<string, unknown>, status = 'completed') {
  const text = `native: ${typeof body.input === 'string' ? body.input : JSON.stringify(body.input)}`
  return {
    id: 'resp_upstream123',
    object: 'response',
    created_at: 1_790_000_000,
    status,
    error: null,
    incomplete_details: null,
    model: String(body.model),
    output: status === 'completed' ? [{ id: 'msg_upstream1', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }] : [],
    usage: status === 'completed' ? NATIVE_RESPONSE_USAGE : null,
    store: body.store ?? true,
    previous_response_id: body.previous_response_id ?? null,
  }
}

/**
 * OpenAI's own `/responses`: the canned response object, or its typed events (named, numbered) when
 * streamed. The fake records the body it got, so tests can compare the bytes.
 */
function nativeResponses(req: RecordedRequest, res: ServerResponse) {
  const done = nativeResponseFor(req.json)
  if (!req.json.stream) {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_upstream_native' }).end(JSON.stringify(done))
    return
  }
  const started = nativeResponseFor(req.json, 'in_progress')
  const item = done.output[0]!
  const text = item.content[0]!.text
  const events: Array<{ type: string; [k: string]: unknown }> = [
    { type: 'response.created', response: started },
    { type: 'response.in_progress', response: started },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    { type: 'response.content_part.added', item_id: item.id, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } },
    ...text.split(/(?<= )/).map((delta) => ({ type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta })),
    { type: 'response.output_text.done', item_id: item.id, output_index: 0, content_index: 0, text },
    { type: 'response.content_part.done', item_id: item.id, output_index: 0, content_index: 0, part: item.content[0] },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: done },
  ]
  writeSse(res, events.map((e, i) => ({ event: e.type, data: { ...e, sequence_number: i } })))
}

export function startFakeOpenAi() {
  return startFakeServer(async (req, res) => {
    if (req.url.endsWith('/embeddings')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(embeddingsFor(req.json)))
      return
    }
    if (req.url.endsWith('/audio/speech')) {
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from(`FAKE-AUDIO:${String(req.json.voice)}:${String(req.json.input)}`))
      return
    }
    if (req.url.endsWith('/audio/transcriptions') && /name="stream"\r\n\r\ntrue/.test(req.raw.toString('latin1'))) {
      // OpenAI's streamed transcript: the text word by word, then the whole of it with usage.
      const deltas = KNOWN_TRANSCRIPT.text.split(/(?<= )/).map((delta) => ({ data: { type: 'transcript.text.delta', delta } }))
      writeSse(res, [...deltas, { data: { type: 'transcript.text.done', text: KNOWN_TRANSCRIPT.text, usage: { type: 'duration', seconds: 5 } } }])
      return
    }
    if (req.url.endsWith('/audio/transcriptions') || req.url.endsWith('/audio/translations')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(KNOWN_TRANSCRIPT))
      return
    }
    if (req.url.endsWith('/v1/completions')) return legacyCompletion(req, res)
    if (req.url.endsWith('/v1/responses')) return nativeResponses(req, res)
    if (!req.url.endsWith('/chat/completions')) {
      res.writeHead(404).end()
      return
    }
    if (req.json.stream) return streamCompletion(req, res)
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionFor(req)))
  })
}
