import type { McpCallProgress, UrlCitation } from '../../../shared/chat/types'
import type { ChatChunk, ChatCompletion, TokenLogprob, ToolCall, Usage } from './chat-types'

/** One choice of an answer, built from a JSON completion or accumulated from stream chunks. */
export interface ChoiceResult {
  index: number
  content: string
  refusal: string | null
  toolCalls: ToolCall[]
  finishReason: string | null
  logprobs: TokenLogprob[]
  /** Base64 audio and its transcript, when the answer was asked for audio. */
  audio: { id: string; data: string; transcript: string } | null
  /** Sources the gateway's tools gave the model, as the answer cites them. */
  citations?: UrlCitation[]
  /** MCP tools the gateway ran for the model while it answered, each at its latest status. */
  mcpCalls?: McpCallProgress[]
}

/** What the answer cost and how it was served: usage, credits, timing, and the model that answered. */
export interface AnswerMeta {
  requestedModel: string
  /** `model` of the response. */
  responseModel: string | null
  /** `X-Svc-Model-Id`: the id of the model that performed the completion. */
  modelId: string | null
  /** `X-Svc-Completion-Time-Ms`. */
  serverMs: number | null
  /** `X-Svc-Fallbacks-Used`: models tried before the one that answered. */
  fallbacksUsed: string[]
  /** Measured here: request sent to last byte, and to the first content. */
  latencyMs: number
  firstTokenMs: number | null
  usage: Usage | null
  stopped: boolean
}

export interface ChatResult {
  choices: ChoiceResult[]
  meta: AnswerMeta
}

export const emptyChoice = (index: number): ChoiceResult => ({ index, content: '', refusal: null, toolCalls: [], finishReason: null, logprobs: [], audio: null })

export function choicesFromCompletion(c: ChatCompletion): ChoiceResult[] {
  return [...c.choices]
    .sort((a, b) => a.index - b.index)
    .map((ch) => ({
      index: ch.index,
      content: ch.message.content ?? '',
      refusal: ch.message.refusal ?? null,
      toolCalls: ch.message.tool_calls ?? [],
      finishReason: ch.finish_reason,
      logprobs: ch.logprobs?.content ?? [],
      audio: ch.message.audio ? { id: ch.message.audio.id, data: ch.message.audio.data, transcript: ch.message.audio.transcript } : null,
      ...(ch.message.annotations?.length ? { citations: ch.message.annotations } : {}),
    }))
}

/** Folds one stream chunk into the choices so far (a new array; choices are created as their index appears). */
export function applyChunk(choices: ChoiceResult[], chunk: ChatChunk): ChoiceResult[] {
  const next = [...choices]
  for (const c of chunk.choices ?? []) {
    while (next.length <= c.index) next.push(emptyChoice(next.length))
    const prev = next[c.index]!
    const d = c.delta ?? {}
    const toolCalls = [...prev.toolCalls]
    for (const t of d.tool_calls ?? []) {
      const cur = toolCalls[t.index] ?? { id: '', type: 'function' as const, function: { name: '', arguments: '' } }
      toolCalls[t.index] = {
        id: t.id ?? cur.id,
        type: 'function',
        function: { name: cur.function.name + (t.function?.name ?? ''), arguments: cur.function.arguments + (t.function?.arguments ?? '') },
      }
    }
    const audio = d.audio
      ? {
          id: d.audio.id ?? prev.audio?.id ?? '',
          data: (prev.audio?.data ?? '') + (d.audio.data ?? ''),
          transcript: (prev.audio?.transcript ?? '') + (d.audio.transcript ?? ''),
        }
      : prev.audio
    next[c.index] = {
      index: c.index,
      content: prev.content + (d.content ?? ''),
      refusal: d.refusal ? (prev.refusal ?? '') + d.refusal : prev.refusal,
      toolCalls,
      finishReason: c.finish_reason ?? prev.finishReason,
      logprobs: c.logprobs?.content ? [...prev.logprobs, ...c.logprobs.content] : prev.logprobs,
      audio,
      ...(d.annotations?.length || prev.citations ? { citations: [...(prev.citations ?? []), ...(d.annotations ?? [])] } : {}),
      ...(d.svc_mcp_call || prev.mcpCalls ? { mcpCalls: withMcpCall(prev.mcpCalls ?? [], d.svc_mcp_call) } : {}),
    }
  }
  return next
}

/** The calls with one's new status: a call the stream already showed is replaced, a new one added. */
function withMcpCall(calls: McpCallProgress[], update: McpCallProgress | undefined): McpCallProgress[] {
  if (!update) return calls
  const at = calls.findIndex((c) => c.id === update.id)
  return at === -1 ? [...calls, update] : calls.map((c, i) => (i === at ? update : c))
}
