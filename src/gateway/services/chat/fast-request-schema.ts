import { z } from 'zod'
import { MAX_STOP_SEQUENCES, requestSchema } from '../../../shared/chat/request-schema'

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
