import { badRequest } from '../errors'
import type { AssistantMessage, ChatMessage, ChatMessageBody, DeprecatedUsage } from './types'

/** The id given to a tool call converted from a deprecated assistant `function_call`; stable for a given request. */
export const legacyToolCallId = (messageIndex: number) => `call_fn_${messageIndex}`

interface PendingFunctionCall {
  id: string
  name: string
}

/**
 * Maps the deprecated message forms onto their successors: an assistant `function_call` becomes
 * one `tool_calls` item, and a following `function` message becomes the `tool` message answering
 * it (matched by name, so the `tool_call_id` points at that item).
 */
export function normalizeMessages(messages: ChatMessageBody[], deprecated: DeprecatedUsage[]): ChatMessage[] {
  let pending: PendingFunctionCall | undefined
  return messages.map((message, index): ChatMessage => {
    switch (message.role) {
      case 'assistant': {
        const { function_call: functionCall, ...rest } = message
        if (functionCall === undefined) {
          pending = undefined
          return rest
        }
        recordDeprecated(deprecated, 'messages[].function_call')
        pending = { id: legacyToolCallId(index), name: functionCall.name }
        const converted: AssistantMessage = {
          ...rest,
          tool_calls: [{ id: pending.id, type: 'function', function: functionCall }],
        }
        return converted
      }
      case 'function': {
        recordDeprecated(deprecated, 'messages[].role=function')
        if (pending === undefined) {
          throw badRequest(
            `messages[${index}] has role "function" but does not follow an assistant message with function_call; ` +
              'answer tool_calls with role "tool" messages instead',
            `messages[${index}].role`,
          )
        }
        if (pending.name !== message.name) {
          throw badRequest(
            `messages[${index}].name must be "${pending.name}", the function the preceding assistant message called; ` +
              `got ${JSON.stringify(message.name)}`,
            `messages[${index}].name`,
          )
        }
        const answered = pending
        pending = undefined
        return { role: 'tool', tool_call_id: answered.id, content: message.content ?? '' }
      }
      default:
        // Only function results may sit between an assistant function_call and its answer.
        pending = undefined
        return message
    }
  })
}

export function recordDeprecated(deprecated: DeprecatedUsage[], usage: DeprecatedUsage) {
  if (!deprecated.includes(usage)) deprecated.push(usage)
}
