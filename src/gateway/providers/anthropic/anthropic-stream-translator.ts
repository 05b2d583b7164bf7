import type {
  ChatCompletionChunk,
  ChatCompletionChunkDelta,
  FinishReason,
  Usage,
} from '../../../shared/chat/types'
import type { AnthropicStreamEvent, AnthropicUsage } from './anthropic-types'
import type { CompletionIdentity } from './from-anthropic-response'
import { fromAnthropicStreamError } from './anthropic-stream-error'
import { toChatUsage } from './to-chat-usage'
import { toFinishReason } from './to-finish-reason'

type BlockState =
  | { kind: 'text' }
  | { kind: 'thinking' }
  | { kind: 'tool'; toolIndex: number; sentArguments: boolean }
  | { kind: 'ignored' }

/**
 * Turns parsed Anthropic stream events into chat-completion chunks, one message at a time:
 * the first chunk carries `role: "assistant"`, text deltas become `content`, each tool_use block
 * becomes a tool call (index, id and name first, then argument fragments), thinking becomes
 * `reasoning_content` deltas (a later thinking block starts after a blank line),
 * and the last chunk carries `finish_reason`. Every chunk has `usage: null`; the accumulated
 * usage is on `usage` (and `usageChunk()`) once the stream is over.
 */
export class AnthropicStreamTranslator {
  private readonly blocks = new Map<number, BlockState>()
  private toolCount = 0
  private thinkingBlocks = 0
  private started = false
  private finished = false
  private reason: FinishReason | null = null
  private counts: AnthropicUsage | null = null

  constructor(private readonly identity: CompletionIdentity) {}

  /** The chunks for one event: none (ping, signatures), one, or two (when a stream skips message_start). */
  push(event: AnthropicStreamEvent): ChatCompletionChunk[] {
    switch (event.type) {
      case 'message_start':
        this.counts = { ...event.message.usage }
        return this.start()
      case 'content_block_start':
        return [...this.start(), ...this.onBlockStart(event.index, event.content_block)]
      case 'content_block_delta':
        return this.onBlockDelta(event.index, event.delta)
      case 'content_block_stop':
        return this.onBlockStop(event.index)
      case 'message_delta':
        this.mergeUsage(event.usage)
        return this.finish(toFinishReason(event.delta.stop_reason))
      case 'message_stop':
        return this.finished ? [] : this.finish('stop')
      case 'ping':
        return []
      case 'error':
        throw fromAnthropicStreamError(event.error)
    }
  }

  /** Usage of the whole message, or null before message_start. */
  get usage(): Usage | null {
    return this.counts === null ? null : toChatUsage(this.counts)
  }

  get finishReason(): FinishReason | null {
    return this.reason
  }

  /** The extra chunk sent before `[DONE]` when `stream_options.include_usage` is set: no choices, usage filled. */
  usageChunk(): ChatCompletionChunk {
    return { ...this.envelope(), choices: [], usage: this.usage }
  }

  private start(): ChatCompletionChunk[] {
    if (this.started) return []
    this.started = true
    return [this.chunk({ role: 'assistant', content: '' })]
  }

  private onBlockStart(
    index: number,
    block: Extract<AnthropicStreamEvent, { type: 'content_block_start' }>['content_block'],
  ): ChatCompletionChunk[] {
    if (block.type === 'text') {
      this.blocks.set(index, { kind: 'text' })
      return block.text === '' ? [] : [this.chunk({ content: block.text })]
    }
    if (block.type === 'thinking') {
      this.blocks.set(index, { kind: 'thinking' })
      const separator = this.thinkingBlocks++ > 0 ? '\n\n' : ''
      return separator || block.thinking ? [this.chunk({ reasoning_content: separator + block.thinking })] : []
    }
    if (block.type === 'tool_use') {
      const toolIndex = this.toolCount++
      this.blocks.set(index, { kind: 'tool', toolIndex, sentArguments: false })
      return [
        this.chunk({
          tool_calls: [{ index: toolIndex, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }],
        }),
      ]
    }
    this.blocks.set(index, { kind: 'ignored' })
    return []
  }

  private onBlockDelta(
    index: number,
    delta: Extract<AnthropicStreamEvent, { type: 'content_block_delta' }>['delta'],
  ): ChatCompletionChunk[] {
    const block = this.blocks.get(index)
    if (delta.type === 'text_delta' && block?.kind === 'text') return [this.chunk({ content: delta.text })]
    if (delta.type === 'thinking_delta' && block?.kind === 'thinking' && delta.thinking !== '') return [this.chunk({ reasoning_content: delta.thinking })]
    if (delta.type === 'input_json_delta' && block?.kind === 'tool' && delta.partial_json !== '') {
      block.sentArguments = true
      return [this.chunk({ tool_calls: [{ index: block.toolIndex, function: { arguments: delta.partial_json } }] })]
    }
    return []
  }

  /** A tool call without arguments still needs valid JSON, since clients parse what they receive. */
  private onBlockStop(index: number): ChatCompletionChunk[] {
    const block = this.blocks.get(index)
    if (block?.kind !== 'tool' || block.sentArguments) return []
    block.sentArguments = true
    return [this.chunk({ tool_calls: [{ index: block.toolIndex, function: { arguments: '{}' } }] })]
  }

  private finish(reason: FinishReason): ChatCompletionChunk[] {
    if (this.finished) return []
    this.finished = true
    this.reason = reason
    return [...this.start(), this.chunk({}, reason)]
  }

  private mergeUsage(delta: Extract<AnthropicStreamEvent, { type: 'message_delta' }>['usage']) {
    const base = this.counts ?? { input_tokens: 0, output_tokens: 0 }
    this.counts = {
      input_tokens: delta.input_tokens ?? base.input_tokens,
      output_tokens: delta.output_tokens,
      cache_creation_input_tokens: delta.cache_creation_input_tokens ?? base.cache_creation_input_tokens ?? null,
      cache_read_input_tokens: delta.cache_read_input_tokens ?? base.cache_read_input_tokens ?? null,
    }
  }

  private envelope() {
    const { id, created, requestedModel } = this.identity
    return { id, object: 'chat.completion.chunk' as const, created, model: requestedModel }
  }

  private chunk(delta: ChatCompletionChunkDelta, finishReason: FinishReason | null = null): ChatCompletionChunk {
    const choice = { index: this.identity.choiceIndex ?? 0, delta, finish_reason: finishReason, logprobs: null }
    return { ...this.envelope(), choices: [choice], usage: null }
  }
}
