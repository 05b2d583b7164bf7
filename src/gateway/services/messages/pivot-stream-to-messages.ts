/**
 * Messages front, stream side: pivot chunks as Anthropic stream events, the inverse of the Anthropic
 * provider's AnthropicStreamTranslator. `message_start` (then a `ping`, as Anthropic sends one), one
 * text block per run of text, one tool_use block per tool call (its arguments as input_json_delta),
 * each closed before the next opens; `finish` closes the last block and sends `message_delta` with the
 * stop reason and usage, then `message_stop`.
 */
import type { ChatCompletionChunk, FinishReason, Usage } from '../../../shared/chat/types'
import type { AnthropicStreamEvent } from '../../providers/anthropic/anthropic-types'
import { toAnthropicUsage } from '../../providers/anthropic/to-chat-usage'
import { toStopReason } from '../../providers/anthropic/to-finish-reason'
import { messageId } from './pivot-to-message'

type Open = { kind: 'text' } | { kind: 'tool'; toolIndex: number }

export class PivotStreamToMessages {
  private started = false
  private index = -1
  private open: Open | null = null
  private reason: FinishReason | null = null

  constructor(private readonly model: string) {}

  push(chunk: ChatCompletionChunk): AnthropicStreamEvent[] {
    const out = this.start(chunk.id)
    const choice = chunk.choices[0]
    if (!choice) return out
    const { delta } = choice
    if (delta.content) {
      if (this.open?.kind !== 'text') out.push(...this.openBlock({ kind: 'text' }, { type: 'text', text: '' }))
      out.push({ type: 'content_block_delta', index: this.index, delta: { type: 'text_delta', text: delta.content } })
    }
    for (const call of delta.tool_calls ?? []) {
      if (call.id !== undefined && !(this.open?.kind === 'tool' && this.open.toolIndex === call.index)) {
        out.push(...this.openBlock({ kind: 'tool', toolIndex: call.index }, { type: 'tool_use', id: call.id, name: call.function?.name ?? '', input: {} }))
      }
      const args = call.function?.arguments
      if (args && this.open?.kind === 'tool') out.push({ type: 'content_block_delta', index: this.index, delta: { type: 'input_json_delta', partial_json: args } })
    }
    if (choice.finish_reason) this.reason = choice.finish_reason
    return out
  }

  /** The closing events, once the stream is over and its usage known. */
  finish(usage: Usage): AnthropicStreamEvent[] {
    const out = [...this.start(''), ...this.closeBlock()]
    const u = toAnthropicUsage(usage)
    out.push({ type: 'message_delta', delta: { stop_reason: toStopReason(this.reason), stop_sequence: null }, usage: u })
    out.push({ type: 'message_stop' })
    return out
  }

  private start(pivotId: string): AnthropicStreamEvent[] {
    if (this.started) return []
    this.started = true
    const message = { id: messageId(pivotId || 'gatehouse'), type: 'message' as const, role: 'assistant' as const, model: this.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 0, output_tokens: 0 } }
    return [{ type: 'message_start', message }, { type: 'ping' }]
  }

  private openBlock(open: Open, block: Extract<AnthropicStreamEvent, { type: 'content_block_start' }>['content_block']): AnthropicStreamEvent[] {
    const out = this.closeBlock()
    this.open = open
    this.index++
    out.push({ type: 'content_block_start', index: this.index, content_block: block })
    return out
  }

  private closeBlock(): AnthropicStreamEvent[] {
    if (this.open === null) return []
    this.open = null
    return [{ type: 'content_block_stop', index: this.index }]
  }
}

/** One event as Anthropic's SSE writes it: its type as the event name, the event as data. */
export const messagesSseEvent = (event: AnthropicStreamEvent | { type: 'error'; error: { type: string; message: string } }) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`
