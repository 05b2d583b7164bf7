import { ApiError, errorFromResponse, isAbort, networkError } from './api-error'
import { applyChunk, choicesFromCompletion, type AnswerMeta, type ChatResult, type ChoiceResult } from './chat-result'
import type { ChatChunk, ChatCompletion, ChatRequestBody, Usage } from './chat-types'
import type { Connection } from './connection'
import { readEventStream } from './sse-parser'

export type FallbackChoice = 'default' | 'on' | 'off'

export interface ChatCallOptions {
  apiKey: string
  fallbacks?: FallbackChoice
  /** `responses` sends through `POST /v1/responses` (the playground's Responses API switch). */
  api?: 'chat' | 'responses'
  signal?: AbortSignal
  /** Called with the choices so far, on every stream chunk. */
  onUpdate?: (choices: ChoiceResult[]) => void
  now?: () => number
}

export const chatPath = (fallbacks: FallbackChoice = 'default') =>
  `/v1/chat/completions${fallbacks === 'default' ? '' : `?fallbacks=${fallbacks === 'on'}`}`

const headerNumber = (res: Response, name: string) => {
  const v = res.headers.get(name)
  return v === null || v === '' || Number.isNaN(Number(v)) ? null : Number(v)
}

/**
 * `POST /v1/chat/completions`, JSON or streamed. A stop (abort) mid-stream is not an error: it returns
 * what arrived so far with `meta.stopped`.
 */
export async function runChat(conn: Connection, body: ChatRequestBody, opts: ChatCallOptions): Promise<ChatResult> {
  const now = opts.now ?? (() => performance.now())
  const started = now()
  let res: Response
  try {
    res = await fetch(`${conn.baseUrl}${chatPath(opts.fallbacks)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(body),
      signal: opts.signal,
    })
  } catch (e) {
    if (isAbort(e)) throw e
    throw networkError(e)
  }
  if (!res.ok) throw await errorFromResponse(res)

  const meta: AnswerMeta = {
    requestedModel: body.model,
    responseModel: null,
    modelId: res.headers.get('x-svc-model-id'),
    serverMs: headerNumber(res, 'x-svc-completion-time-ms'),
    fallbacksUsed: (res.headers.get('x-svc-fallbacks-used') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    latencyMs: 0,
    firstTokenMs: null,
    usage: null,
    stopped: false,
  }

  const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream')
  if (!isStream) {
    const completion = (await res.json()) as ChatCompletion
    meta.latencyMs = Math.round(now() - started)
    meta.responseModel = completion.model
    meta.usage = completion.usage ?? null
    return { choices: choicesFromCompletion(completion), meta }
  }

  let choices: ChoiceResult[] = []
  let usage: Usage | null = null
  let streamError: ApiError | null = null
  const ended = await readEventStream(res, (data) => {
    if (data === '[DONE]') return
    let chunk: ChatChunk & { error?: { message?: string; code?: string } }
    try {
      chunk = JSON.parse(data)
    } catch {
      return
    }
    if (chunk.error) {
      streamError = new ApiError(chunk.error.message ?? 'The stream ended with an error.', { status: 200, code: chunk.error.code ?? 'stream_error' })
      return
    }
    meta.responseModel ??= chunk.model ?? null
    if (chunk.usage) usage = chunk.usage
    if (meta.firstTokenMs === null && chunk.choices?.some((c) => c.delta?.content || c.delta?.tool_calls || c.delta?.audio || c.delta?.refusal)) {
      meta.firstTokenMs = Math.round(now() - started)
    }
    choices = applyChunk(choices, chunk)
    opts.onUpdate?.(choices)
  })
  if (ended === 'aborted') meta.stopped = true
  if (streamError) throw streamError
  meta.latencyMs = Math.round(now() - started)
  meta.usage = usage
  return { choices, meta }
}
