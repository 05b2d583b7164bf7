import type { ChatCompletionRequest, ChatCompletionRequestBody, ChatMessage, DeprecatedUsage, ToolChoice } from './types'
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
  return assembleRequest(body, messages, deprecated)
}

/** The fields assembleRequest takes out of the body's order: each is set after `messages` and `deprecated`, or rewritten. */
const MOVED_FIELDS = new Set(['messages', 'max_tokens', 'max_completion_tokens', 'functions', 'function_call', 'stop', 'stream_options'])

/**
 * The request made of a valid body (its rules checked) and its normalized messages: the body's other
 * fields in their order, then messages, deprecated, stream_options, the completion limit, stop and the
 * deprecated functions' successors. Copied field by field into one object: object-rest destructuring
 * (V8's slow CopyDataProperties path) and a spread made three objects of the body, about two thirds of
 * parsing a plain request.
 */
export function assembleRequest(body: ChatCompletionRequestBody, messages: ChatMessage[], deprecated: DeprecatedUsage[]): ChatCompletionRequest {
  const request: Record<string, unknown> = {}
  for (const key in body) if (!MOVED_FIELDS.has(key)) request[key] = body[key as keyof ChatCompletionRequestBody]
  request.messages = messages
  request.deprecated = deprecated
  const { max_tokens: maxTokens, functions, function_call: functionCall, stop, stream_options: streamOptions } = body
  if (streamOptions != null) request.stream_options = streamOptions

  if (maxTokens !== undefined) recordDeprecated(deprecated, 'max_tokens')
  const limit = body.max_completion_tokens ?? maxTokens
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
  return request as unknown as ChatCompletionRequest
}

const toToolChoice = (functionCall: NonNullable<ChatCompletionRequestBody['function_call']>): ToolChoice =>
  typeof functionCall === 'string' ? functionCall : { type: 'function', function: { name: functionCall.name } }
