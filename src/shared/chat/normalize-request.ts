import type { ChatCompletionRequest, ChatCompletionRequestBody, DeprecatedUsage, ToolChoice } from './types'
import { checkRequestRules } from './check-request-rules'
import { normalizeMessages, recordDeprecated } from './normalize-messages'

/**
 * From a body whose shape is valid to the normalized request: checks the rules that span fields,
 * maps deprecated fields to their successors (recording each in `deprecated`), drops null limits
 * and turns `stop` into an array.
 */
export function normalizeRequest(body: ChatCompletionRequestBody): ChatCompletionRequest {
  const deprecated: DeprecatedUsage[] = []
  // Messages come second in the spec's field table, so their problems are reported first.
  const messages = normalizeMessages(body.messages, deprecated)
  checkRequestRules(body)

  const {
    messages: _messages,
    max_tokens: maxTokens,
    max_completion_tokens: maxCompletionTokens,
    functions,
    function_call: functionCall,
    stop,
    stream_options: streamOptions,
    ...rest
  } = body
  const request: ChatCompletionRequest = { ...rest, messages, deprecated }
  if (streamOptions != null) request.stream_options = streamOptions

  if (maxTokens !== undefined) recordDeprecated(deprecated, 'max_tokens')
  const limit = maxCompletionTokens ?? maxTokens
  if (limit != null) request.max_completion_tokens = limit
  if (stop !== undefined) request.stop = typeof stop === 'string' ? [stop] : stop
  if (functions !== undefined) {
    recordDeprecated(deprecated, 'functions')
    request.tools = functions.map((fn) => ({ type: 'function', function: fn }))
  }
  if (functionCall !== undefined) {
    recordDeprecated(deprecated, 'function_call')
    request.tool_choice = toToolChoice(functionCall)
  }
  return request
}

const toToolChoice = (functionCall: NonNullable<ChatCompletionRequestBody['function_call']>): ToolChoice =>
  typeof functionCall === 'string' ? functionCall : { type: 'function', function: { name: functionCall.name } }
