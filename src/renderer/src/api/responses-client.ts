import { toResponsesBody } from '../lib/responses-body'
import { ApiError, errorFromResponse, isAbort, networkError } from './api-error'
import { applyChunk, type AnswerMeta, type ChatResult, type ChoiceResult } from './chat-result'
import type { ChatCallOptions } from './chat-client'
import type { ChatChunk, ChatRequestBody, Usage } from './chat-types'
import type { Connection } from './connection'
import { readEventStream } from './sse-parser'

interface ResponseOutput {
  type: string
  content?: Array<{ type: string; text?: string; refusal?: string }>
  call_id?: string
  name?: string
  arguments?: string
}
interface ResponseBody {
  model: string
  status: string
  output: ResponseOutput[]
  usage: { input_tokens: number; output_tokens: number; total_tokens: number; svc_credits_cost?: number; input_tokens_details?: { cached_tokens?: number }; output_tokens_details?: { reasoning_tokens?: number } } | null
}

const usageOf = (u: ResponseBody['usage']): Usage | null =>
  u && { prompt_tokens: u.input_tokens, completion_tokens: u.output_tokens, total_tokens: u.total_tokens, svc_credits_cost: u.svc_credits_cost, prompt_tokens_details: { cached_tokens: u.input_tokens_details?.cached_tokens ?? 0 }, completion_tokens_details: { reasoning_tokens: u.output_tokens_details?.reasoning_tokens ?? 0 } }

const finishOf = (r: ResponseBody) => (r.status === 'incomplete' ? 'length' : r.output.some((o) => o.type === 'function_call') ? 'tool_calls' : 'stop')

/** A finished response as the one choice the playground shows. */
function choiceOf(r: ResponseBody): ChoiceResult {
  const text = r.output.flatMap((o) => (o.type === 'message' ? (o.content ?? []) : [])).map((p) => p.text ?? '').join('')
  const refusal = r.output.flatMap((o) => o.content ?? []).find((p) => p.type === 'refusal')?.refusal ?? null
  const toolCalls = r.output.filter((o) => o.type === 'function_call').map((o) => ({ id: o.call_id ?? '', type: 'function' as const, function: { name: o.name ?? '', arguments: o.arguments ?? '' } }))
  return { index: 0, content: text, refusal, toolCalls, finishReason: finishOf(r), logprobs: [], audio: null }
}

/**
 * The playground's request through `POST /v1/responses` (the Responses API switch): the same answer
 * shape as chat, so the conversation view does not care which API carried it. Stream events become
 * the chat chunks the view already folds.
 */
export async function runResponses(conn: Connection, body: ChatRequestBody, opts: ChatCallOptions): Promise<ChatResult> {
  const now = opts.now ?? (() => performance.now())
  const started = now()
  const q = opts.fallbacks && opts.fallbacks !== 'default' ? `?fallbacks=${opts.fallbacks === 'on'}` : ''
  let res: Response
  try {
    res = await fetch(`${conn.baseUrl}/v1/responses${q}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(toResponsesBody(body)),
      signal: opts.signal,
    })
  } catch (e) {
    if (isAbort(e)) throw e
    throw networkError(e)
  }
  if (!res.ok) throw await errorFromResponse(res)
  const serverMs = Number(res.headers.get('x-svc-completion-time-ms'))
  const meta: AnswerMeta = {
    requestedModel: body.model,
    responseModel: null,
    modelId: res.headers.get('x-svc-model-id'),
    serverMs: Number.isFinite(serverMs) && res.headers.has('x-svc-completion-time-ms') ? serverMs : null,
    fallbacksUsed: (res.headers.get('x-svc-fallbacks-used') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    latencyMs: 0,
    firstTokenMs: null,
    usage: null,
    stopped: false,
  }
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const r = (await res.json()) as ResponseBody
    return { choices: [choiceOf(r)], meta: { ...meta, latencyMs: Math.round(now() - started), responseModel: r.model, usage: usageOf(r.usage) } }
  }
  let choices: ChoiceResult[] = []
  let streamError: ApiError | null = null
  const calls = new Map<number, number>()
  const chunk = (delta: ChatChunk['choices'][number]['delta'], finish: string | null = null): ChatChunk => ({ id: '', object: 'chat.completion.chunk', created: 0, model: meta.responseModel ?? '', choices: [{ index: 0, delta, finish_reason: finish }] })
  const ended = await readEventStream(res, (data) => {
    let e: { type: string; delta?: string; output_index?: number; item?: ResponseOutput; response?: ResponseBody & { error?: { message: string; code: string } } }
    try {
      e = JSON.parse(data)
    } catch {
      return
    }
    let c: ChatChunk | null = null
    if (e.type === 'response.created') meta.responseModel = e.response?.model ?? null
    else if (e.type === 'response.output_text.delta') c = chunk({ content: e.delta })
    else if (e.type === 'response.output_item.added' && e.item?.type === 'function_call') {
      calls.set(e.output_index ?? 0, calls.size)
      c = chunk({ tool_calls: [{ index: calls.get(e.output_index ?? 0)!, id: e.item.call_id, type: 'function', function: { name: e.item.name, arguments: '' } }] })
    } else if (e.type === 'response.function_call_arguments.delta') c = chunk({ tool_calls: [{ index: calls.get(e.output_index ?? 0) ?? 0, function: { arguments: e.delta } }] })
    else if ((e.type === 'response.completed' || e.type === 'response.incomplete') && e.response) {
      meta.usage = usageOf(e.response.usage)
      c = chunk({}, finishOf(e.response))
    } else if (e.type === 'response.failed') streamError = new ApiError(e.response?.error?.message ?? 'The stream ended with an error.', { status: 200, code: e.response?.error?.code ?? 'stream_error' })
    if (!c) return
    if (meta.firstTokenMs === null && (c.choices[0]!.delta.content || c.choices[0]!.delta.tool_calls)) meta.firstTokenMs = Math.round(now() - started)
    choices = applyChunk(choices, c)
    opts.onUpdate?.(choices)
  })
  if (ended === 'aborted') meta.stopped = true
  if (streamError) throw streamError
  meta.latencyMs = Math.round(now() - started)
  return { choices, meta }
}
