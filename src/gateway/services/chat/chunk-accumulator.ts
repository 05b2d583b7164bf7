import type { ChatCompletionChunk, ChatCompletionMessage, FinishReason, ResponseAudio, ToolCall, UrlCitation } from '../../../shared/chat/types'

interface ChoiceState {
  content: string
  refusal: string
  toolCalls: ToolCall[]
  audio: ResponseAudio | null
  finish: FinishReason | null
  deltas: number
  annotations: UrlCitation[]
}

/**
 * Follows a stream's chunks to know what was said: the assembled message per choice (for `store: true`)
 * and how many deltas were sent (to count usage when a client leaves before the upstream reports it).
 */
export class ChunkAccumulator {
  private readonly choices = new Map<number, ChoiceState>()
  id = ''
  created = 0

  add(chunk: ChatCompletionChunk): void {
    this.id ||= chunk.id
    this.created ||= chunk.created
    for (const c of chunk.choices) {
      const s = this.choices.get(c.index) ?? { content: '', refusal: '', toolCalls: [], audio: null, finish: null, deltas: 0, annotations: [] }
      this.choices.set(c.index, s)
      if (c.delta.content) {
        s.content += c.delta.content
        s.deltas++
      }
      if (c.delta.refusal) {
        s.refusal += c.delta.refusal
        s.deltas++
      }
      for (const t of c.delta.tool_calls ?? []) {
        const call = (s.toolCalls[t.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } })
        if (t.id) call.id = t.id
        if (t.function?.name) call.function.name += t.function.name
        if (t.function?.arguments) {
          call.function.arguments += t.function.arguments
          s.deltas++
        }
      }
      if (c.delta.audio) {
        const a = (s.audio ??= { id: '', expires_at: 0, data: '', transcript: '' })
        if (c.delta.audio.id) a.id = c.delta.audio.id
        if (c.delta.audio.expires_at) a.expires_at = c.delta.audio.expires_at
        if (c.delta.audio.data) a.data += c.delta.audio.data
        if (c.delta.audio.transcript) {
          a.transcript += c.delta.audio.transcript
          s.deltas++
        }
      }
      if (c.delta.annotations) s.annotations.push(...c.delta.annotations)
      if (c.finish_reason) s.finish = c.finish_reason
    }
  }

  /** Streamed deltas: about one token each, which is how a partial answer is counted. */
  deltaCount(): number {
    let n = 0
    for (const s of this.choices.values()) n += s.deltas
    return n
  }

  messages(): Array<{ index: number; message: ChatCompletionMessage; finish_reason: FinishReason | null }> {
    return [...this.choices.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, s]) => ({
        index,
        finish_reason: s.finish,
        message: {
          role: 'assistant' as const,
          content: s.content || null,
          refusal: s.refusal || null,
          ...(s.toolCalls.length ? { tool_calls: s.toolCalls.filter(Boolean) } : {}),
          ...(s.audio ? { audio: s.audio } : {}),
          ...(s.annotations.length ? { annotations: s.annotations } : {}),
        },
      }))
  }
}
