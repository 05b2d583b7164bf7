import type { default as Ajv, ValidateFunction } from 'ajv'
import { z } from 'zod'
import { checkRequestRules } from '../../../shared/chat/check-request-rules'
import { assembleRequest } from '../../../shared/chat/normalize-request'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import { MAX_STOP_SEQUENCES, requestSchema } from '../../../shared/chat/request-schema'
import type { ChatCompletionRequest, ChatCompletionRequestBody, ChatMessage, ChatTool, FunctionTool, ResponseFormat } from '../../../shared/chat/types'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'

/** Ajv from node_modules (not the bundle), on the first chat request: vite.serve.config.ts leaves it out. */
const ajv = loadOnFirstUse<{ default: typeof Ajv }>('ajv')

/**
 * The top-level fields the fast path checks with zod's own JSON Schema: those whose zod schema is plain shape
 * and range, so its JSON Schema says all zod checks and zod's output equals the input. Fields with transforms,
 * dispatch or refinements (thinking, prediction, web_search_options...) are left out: a body that has one goes
 * to zod. Messages, function tools, the tool choice, stop and response_format have schemas of their own below.
 */
const FAST_FIELDS = [
  'model', 'store', 'metadata', 'frequency_penalty', 'presence_penalty', 'logit_bias', 'logprobs', 'top_logprobs', 'max_tokens',
  'max_completion_tokens', 'n', 'modalities', 'audio', 'seed', 'service_tier', 'stream', 'stream_options', 'temperature', 'top_p',
  'max_tool_rounds', 'parallel_tool_calls', 'reasoning_effort', 'verbosity', 'user', 'safety_identifier', 'prompt_cache_key',
  'prompt_cache_retention',
] as const

/** A name as nameSchema takes it (functions, tool choices). */
const name = { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' }
const nonEmpty = { type: 'string', minLength: 1 }

/** A JSON Schema object that takes exactly `properties` (no extra keys for zod to strip). */
const exactly = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })

/**
 * The messages the fast path takes, each a form message-schemas accepts as it is (no extra keys for zod
 * to strip, no parts to rewrite): text-only system, developer, user and assistant messages, an assistant's
 * tool calls, and tool results as text.
 */
const plainMessages = {
  type: 'array',
  minItems: 1,
  items: {
    anyOf: [
      exactly({ role: { enum: ['system', 'developer', 'user', 'assistant'] }, content: { type: 'string' }, name: { type: 'string' } }, ['role', 'content']),
      exactly(
        {
          role: { const: 'assistant' },
          content: { type: ['string', 'null'] },
          refusal: { type: ['string', 'null'] },
          name: { type: 'string' },
          tool_calls: { type: 'array', minItems: 1, items: exactly({ id: nonEmpty, type: { const: 'function' }, function: exactly({ name: nonEmpty, arguments: { type: 'string' } }, ['name', 'arguments']) }, ['id', 'type', 'function']) },
        },
        ['role', 'tool_calls'],
      ),
      exactly({ role: { const: 'tool' }, content: { type: 'string' }, tool_call_id: nonEmpty }, ['role', 'content', 'tool_call_id']),
    ],
  },
}

/** Function tools and the tool choice as tool-schemas takes them (MCP, web search, RAG and OCR tools go to zod). */
const functionTools = {
  type: 'array',
  maxItems: 128,
  items: exactly(
    {
      type: { const: 'function' },
      function: exactly({ name, description: { type: 'string' }, parameters: { type: 'object' }, strict: { type: ['boolean', 'null'] } }, ['name']),
    },
    ['type', 'function'],
  ),
}
const toolChoice = { anyOf: [{ enum: ['none', 'auto', 'required'] }, exactly({ type: { const: 'function' }, function: exactly({ name }, ['name']) }, ['type', 'function'])] }

/** `stop` and `response_format` as request-schema takes them (zod dispatches on their shape). */
const stop = { anyOf: [{ type: 'string' }, { type: 'array', minItems: 1, maxItems: MAX_STOP_SEQUENCES, items: { type: 'string' } }] }
const responseFormat = {
  anyOf: [
    exactly({ type: { enum: ['text', 'json_object'] } }, ['type']),
    exactly(
      { type: { const: 'json_schema' }, json_schema: exactly({ name, description: { type: 'string' }, schema: { type: 'object' }, strict: { type: ['boolean', 'null'] } }, ['name']) },
      ['type', 'json_schema'],
    ),
  ],
}

/** The fast path's JSON Schema: zod's own schema of FAST_FIELDS (unrepresentable parts throw here), plus plain messages. */
export function fastRequestJsonSchema(): Record<string, unknown> {
  const picked = requestSchema().pick(Object.fromEntries(FAST_FIELDS.map((f) => [f, true])) as { [K in (typeof FAST_FIELDS)[number]]: true })
  const { $schema: _dialect, ...schema } = z.toJSONSchema(picked, { io: 'output', unrepresentable: 'throw' }) as Record<string, unknown> & { properties: Record<string, unknown>; required: string[] }
  return { ...schema, properties: { ...schema.properties, messages: plainMessages, tools: functionTools, tool_choice: toolChoice, stop, response_format: responseFormat }, required: [...schema.required, 'messages'] }
}

let fastCheck: ValidateFunction | undefined

/**
 * `parseChatCompletionRequest` with a compiled validator in front: the common body (plain fields and
 * text messages) is checked by ajv, several times faster than zod's walk, and goes straight to the
 * normalizing rules. Anything ajv refuses or does not cover goes through zod, so every 400 names its
 * field and fix exactly as before. Compiled on first use, to keep it out of start-up.
 */
export function parseChatRequest(body: unknown): ChatCompletionRequest {
  fastCheck ??= new (ajv().default)({ allErrors: false }).compile(fastRequestJsonSchema())
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
