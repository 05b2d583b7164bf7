/**
 * Ollama front, answer side: pivot completions and chunks in Ollama's shapes. `/api/chat` answers
 * carry `message`, `/api/generate` answers carry `response`; the last object of a stream (and a whole
 * answer) has `done: true`, `done_reason` and the token counts. Ollama sends a tool call whole, in one
 * object, so streamed call fragments are gathered and sent when the stream finishes.
 */
import type { ChatCompletion, ChatCompletionChunk, FinishReason, ToolCall, Usage } from '../../../shared/chat/types'

export type OllamaKind = 'chat' | 'generate'

export interface OllamaToolCall {
  function: { name: string; arguments: Record<string, unknown> }
}

const args = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text === '' ? '{}' : text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed }
  } catch {
    return { arguments: text }
  }
}

const toOllamaCalls = (calls: readonly ToolCall[]): OllamaToolCall[] => calls.map((c) => ({ function: { name: c.function.name, arguments: args(c.function.arguments) } }))

/** Ollama's done reasons: "stop" (a tool call included) or "length". */
const doneReason = (reason: FinishReason | null) => (reason === 'length' ? 'length' : 'stop')

/** The counts and durations (nanoseconds) of a finished answer; the gateway times only the whole request. */
const finalStats = (usage: Pick<Usage, 'prompt_tokens' | 'completion_tokens'>, totalNs: number) => ({
  total_duration: totalNs,
  load_duration: 0,
  prompt_eval_count: usage.prompt_tokens,
  prompt_eval_duration: 0,
  eval_count: usage.completion_tokens,
  eval_duration: totalNs,
})

function body(kind: OllamaKind, text: string, calls: OllamaToolCall[]) {
  if (kind === 'generate') return { response: text }
  return { message: { role: 'assistant', content: text, ...(calls.length > 0 ? { tool_calls: calls } : {}) } }
}

export function pivotToOllama(c: ChatCompletion, kind: OllamaKind, model: string, createdAt: string, totalNs: number) {
  const choice = c.choices[0]
  const calls = toOllamaCalls(choice?.message.tool_calls ?? [])
  return { model, created_at: createdAt, ...body(kind, choice?.message.content ?? '', calls), done: true, done_reason: doneReason(choice?.finish_reason ?? 'stop'), ...finalStats(c.usage, totalNs) }
}

export class PivotStreamToOllama {
  private readonly calls: Array<{ name: string; arguments: string }> = []
  private reason: FinishReason | null = null

  constructor(
    private readonly kind: OllamaKind,
    private readonly model: string,
    private readonly now: () => string,
  ) {}

  push(chunk: ChatCompletionChunk): object[] {
    const choice = chunk.choices[0]
    if (!choice) return []
    if (choice.finish_reason) this.reason = choice.finish_reason
    for (const call of choice.delta.tool_calls ?? []) {
      const slot = (this.calls[call.index] ??= { name: '', arguments: '' })
      if (call.function?.name) slot.name += call.function.name
      if (call.function?.arguments) slot.arguments += call.function.arguments
    }
    const text = choice.delta.content ?? ''
    return text === '' ? [] : [this.object(text, [], false)]
  }

  finish(usage: Usage, totalNs: number): object[] {
    const out: object[] = []
    const calls = this.calls.map((c, i) => ({ id: `call_${i}`, type: 'function' as const, function: c }))
    if (calls.length > 0) out.push(this.object('', toOllamaCalls(calls), false))
    out.push({ ...this.object('', [], true), done_reason: doneReason(this.reason), ...finalStats(usage, totalNs) })
    return out
  }

  private object(text: string, calls: OllamaToolCall[], done: boolean) {
    return { model: this.model, created_at: this.now(), ...body(this.kind, text, calls), done }
  }
}
