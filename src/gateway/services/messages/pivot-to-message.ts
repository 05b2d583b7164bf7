/**
 * Messages front, answer side: a pivot completion as an Anthropic message, the inverse of the
 * Anthropic provider's from-anthropic-response. Text becomes one text block, each tool call a
 * tool_use block (arguments that are not a JSON object are wrapped, since Anthropic's input is one).
 */
import type { ChatCompletion, JsonObject } from '../../../shared/chat/types'
import type { AnthropicMessage, AnthropicResponseBlock } from '../../providers/anthropic/anthropic-types'
import { toAnthropicUsage } from '../../providers/anthropic/to-chat-usage'
import { toStopReason } from '../../providers/anthropic/to-finish-reason'

/** Anthropic's ids look like `msg_01...`; the pivot's id is kept after the prefix so logs still match. */
export const messageId = (pivotId: string) => `msg_${pivotId.replace(/^chatcmpl-/, '')}`

export function toolInput(args: string): JsonObject {
  try {
    const parsed: unknown = JSON.parse(args === '' ? '{}' : args)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as JsonObject) : { value: parsed }
  } catch {
    return { arguments: args }
  }
}

export function pivotToMessage(c: ChatCompletion, model: string): AnthropicMessage & { usage: { svc_credits_cost?: number } } {
  const choice = c.choices[0]
  const content: AnthropicResponseBlock[] = []
  const text = choice?.message.content ?? ''
  if (text !== '') content.push({ type: 'text', text })
  for (const call of choice?.message.tool_calls ?? []) content.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInput(call.function.arguments) })
  const usage = { ...toAnthropicUsage(c.usage), ...(c.usage.svc_credits_cost !== undefined ? { svc_credits_cost: c.usage.svc_credits_cost } : {}) }
  return { id: messageId(c.id), type: 'message', role: 'assistant', model, content, stop_reason: toStopReason(choice?.finish_reason ?? 'stop'), stop_sequence: null, usage }
}
