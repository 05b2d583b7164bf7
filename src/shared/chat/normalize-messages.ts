import type { AssistantMessage, ChatMessage, ChatMessageBody, DeprecatedUsage } from './types'

/** The id given to a tool call converted from a deprecated assistant `function_call`; stable for a given request. */
export const legacyToolCallId = (messageIndex: number) => `call_fn_${messageIndex}`

/**
 * Maps the deprecated message forms onto their successors: an assistant `function_call` becomes
 * one `tool_calls` item, and a `function` message becomes a `tool` message answering the latest
 * earlier call of its name. Spec 2.2 puts no rule on where a function message sits, so one that
 * answers no call is kept too (with an id of its own), for the model to judge.
 */
export function normalizeMessages(messages: ChatMessageBody[], deprecated: DeprecatedUsage[]): ChatMessage[] {
  let latestCall: Map<string, string> | undefined
  return messages.map((message, index): ChatMessage => {
    switch (message.role) {
      case 'assistant': {
        // A copy without the deprecated field; a plain spread when it is absent (an object rest is V8's slow path).
        if (!('function_call' in message)) return { ...message }
        const { function_call: functionCall, ...rest } = message
        if (functionCall === undefined) return rest
        recordDeprecated(deprecated, 'messages[].function_call')
        const id = legacyToolCallId(index)
        ;(latestCall ??= new Map()).set(functionCall.name, id)
        const converted: AssistantMessage = { ...rest, tool_calls: [{ id, type: 'function', function: functionCall }] }
        return converted
      }
      case 'function':
        recordDeprecated(deprecated, 'messages[].role=function')
        return { role: 'tool', tool_call_id: latestCall?.get(message.name) ?? legacyToolCallId(index), content: message.content ?? '' }
      default:
        return message
    }
  })
}

export function recordDeprecated(deprecated: DeprecatedUsage[], usage: DeprecatedUsage) {
  if (!deprecated.includes(usage)) deprecated.push(usage)
}
