import { checkRequestRules } from '../../../shared/chat/check-request-rules'
import { assembleRequest } from '../../../shared/chat/normalize-request'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import type { ChatCompletionRequest, ChatCompletionRequestBody, ChatMessage, ChatTool, FunctionTool, ResponseFormat } from '../../../shared/chat/types'
import fastCheck from './fast-request-check.generated'

/**
 * `parseChatCompletionRequest` with a compiled validator in front: the common body (plain fields and
 * text messages) is checked by Ajv's code for fast-request-schema.ts, several times faster than zod's walk,
 * and goes straight to the normalizing rules. Anything it refuses or does not cover goes through zod, so
 * every 400 names its field and fix exactly as before. The code is generated before the build
 * (fast-request-check.generated.ts), so no request pays for loading Ajv and compiling the schema.
 */
export function parseChatRequest(body: unknown): ChatCompletionRequest {
  if (!fastCheck(body)) return parseChatCompletionRequest(body)
  const valid = body as ChatCompletionRequestBody
  // Such a body has no deprecated form to map: its messages need only copies of their own, as zod's output is
  // (later steps may change them; the stored request keeps the client's body).
  checkRequestRules(valid)
  const request = assembleRequest(valid, valid.messages.map(copyMessage), [])
  // Fresh copies down to where zod's output shares the client's objects (a function's parameters' values).
  if (valid.tools) request.tools = valid.tools.map(copyFunctionTool)
  if (typeof valid.tool_choice === 'object') request.tool_choice = { type: 'function', function: { name: valid.tool_choice.function.name } }
  if (Array.isArray(valid.stop)) request.stop = [...valid.stop]
  if (valid.response_format) request.response_format = copyResponseFormat(valid.response_format)
  return request
}

/** A message the check took (no `function` role), copied as zod's output is: its tool calls too. */
function copyMessage(m: ChatCompletionRequestBody['messages'][number]): ChatMessage {
  const copy = { ...m } as ChatMessage
  if ('tool_calls' in copy && copy.tool_calls) copy.tool_calls = copy.tool_calls.map((c) => ({ id: c.id, type: c.type, function: { name: c.function.name, arguments: c.function.arguments } }))
  return copy
}

function copyResponseFormat(format: ResponseFormat): ResponseFormat {
  if (format.type !== 'json_schema') return { type: format.type }
  const copy = { ...format.json_schema }
  if (copy.schema) copy.schema = { ...copy.schema }
  return { type: 'json_schema', json_schema: copy }
}

function copyFunctionTool(tool: NonNullable<ChatCompletionRequestBody['tools']>[number]): ChatTool {
  const fn = (tool as FunctionTool).function
  const copy: FunctionTool['function'] = { ...fn }
  if (fn.parameters) copy.parameters = { ...fn.parameters }
  return { type: 'function', function: copy }
}
