import type { ChatCompletion, ToolCall } from '../../../shared/chat/types'
import type { AnthropicMessage } from './anthropic-types'
import { toChatUsage } from './to-chat-usage'
import { toFinishReason } from './to-finish-reason'

export interface CompletionIdentity {
  /** The model name the client asked for (an alias stays an alias). */
  requestedModel: string
  /** Unix seconds. */
  created: number
  id: string
  /** Index of this choice when the caller fans out `n` > 1 requests; 0 by default. */
  choiceIndex?: number
}

/**
 * Anthropic message -> chat completion. Text blocks are joined into `content`, tool_use blocks
 * become `tool_calls`, thinking blocks `reasoning_content`; redacted thinking and server-tool blocks
 * are dropped.
 */
export function fromAnthropicResponse(msg: AnthropicMessage, identity: CompletionIdentity): ChatCompletion {
  const texts: string[] = []
  const toolCalls: ToolCall[] = []
  const thinking: string[] = []
  for (const block of msg.content) {
    if (block.type === 'text') texts.push(block.text)
    if (block.type === 'thinking' && block.thinking) thinking.push(block.thinking)
    if (block.type === 'tool_use') {
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
      })
    }
  }
  return {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: identity.requestedModel,
    choices: [
      {
        index: identity.choiceIndex ?? 0,
        message: {
          role: 'assistant',
          content: texts.length > 0 ? texts.join('') : null,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
          ...(thinking.length > 0 ? { reasoning_content: thinking.join('\n\n') } : {}),
        },
        finish_reason: toFinishReason(msg.stop_reason),
        logprobs: { content: null, refusal: null },
      },
    ],
    usage: toChatUsage(msg.usage),
  }
}
