import Ajv, { type ValidateFunction } from 'ajv'
import { z } from 'zod'
import { checkRequestRules } from '../../../shared/chat/check-request-rules'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import { requestSchema } from '../../../shared/chat/request-schema'
import type { ChatCompletionRequest, ChatCompletionRequestBody, DeprecatedUsage } from '../../../shared/chat/types'

/**
 * The top-level fields the fast path checks: those whose zod schema is plain shape and range, so its
 * JSON Schema says all zod checks and zod's output equals the input. Fields with transforms, dispatch
 * or refinements (tools, response_format, stop, thinking...) are left out: a body that has one goes to zod.
 */
const FAST_FIELDS = [
  'model', 'store', 'metadata', 'frequency_penalty', 'presence_penalty', 'logit_bias', 'logprobs', 'top_logprobs', 'max_tokens',
  'max_completion_tokens', 'n', 'modalities', 'audio', 'seed', 'service_tier', 'stream', 'stream_options', 'temperature', 'top_p',
  'max_tool_rounds', 'parallel_tool_calls', 'reasoning_effort', 'verbosity', 'user', 'safety_identifier', 'prompt_cache_key',
  'prompt_cache_retention',
] as const

/**
 * The messages the fast path takes: text-only system, developer, user and assistant messages, each a
 * form message-schemas accepts as it is (no extra keys for zod to strip, no parts to rewrite).
 */
const plainMessages = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    properties: { role: { enum: ['system', 'developer', 'user', 'assistant'] }, content: { type: 'string' }, name: { type: 'string' } },
    required: ['role', 'content'],
    additionalProperties: false,
  },
}

/** The fast path's JSON Schema: zod's own schema of FAST_FIELDS (unrepresentable parts throw here), plus plain messages. */
export function fastRequestJsonSchema(): Record<string, unknown> {
  const picked = requestSchema.pick(Object.fromEntries(FAST_FIELDS.map((f) => [f, true])) as { [K in (typeof FAST_FIELDS)[number]]: true })
  const { $schema: _dialect, ...schema } = z.toJSONSchema(picked, { io: 'output', unrepresentable: 'throw' }) as Record<string, unknown> & { properties: Record<string, unknown>; required: string[] }
  return { ...schema, properties: { ...schema.properties, messages: plainMessages }, required: [...schema.required, 'messages'] }
}

let fastCheck: ValidateFunction | undefined

/**
 * `parseChatCompletionRequest` with a compiled validator in front: the common body (plain fields and
 * text messages) is checked by ajv, several times faster than zod's walk, and goes straight to the
 * normalizing rules. Anything ajv refuses or does not cover goes through zod, so every 400 names its
 * field and fix exactly as before. Compiled on first use, to keep it out of start-up.
 */
export function parseChatRequest(body: unknown): ChatCompletionRequest {
  fastCheck ??= new Ajv({ allErrors: false }).compile(fastRequestJsonSchema())
  if (!fastCheck(body)) return parseChatCompletionRequest(body)
  return normalizePlainBody(body as ChatCompletionRequestBody)
}

/** The fields normalizeRequest takes out of the body's order and sets after `messages` and `deprecated`. */
const MOVED_FIELDS = new Set(['messages', 'max_tokens', 'max_completion_tokens', 'stream_options'])

/**
 * normalizeRequest for a body the fast check took, in one object, with the same fields in the same order:
 * such a body has none of the deprecated forms, `stop` or tools to rewrite, and its messages need only a
 * copy of their own. normalizeRequest's rest-spreads made three objects of the body, about a third of
 * parsing a plain request (microbenchmark in the commit that added this).
 */
function normalizePlainBody(body: ChatCompletionRequestBody): ChatCompletionRequest {
  checkRequestRules(body)
  const request: Record<string, unknown> = {}
  for (const key in body) if (!MOVED_FIELDS.has(key)) request[key] = body[key as keyof ChatCompletionRequestBody]
  // Copies, as zod's output is: later steps may change them, and the stored request keeps the client's body.
  request.messages = body.messages.map((m) => ({ ...m }))
  const deprecated: DeprecatedUsage[] = []
  request.deprecated = deprecated
  if (body.stream_options != null) request.stream_options = body.stream_options
  if (body.max_tokens !== undefined) deprecated.push('max_tokens')
  const limit = body.max_completion_tokens ?? body.max_tokens
  if (limit != null) request.max_completion_tokens = limit
  return request as unknown as ChatCompletionRequest
}
