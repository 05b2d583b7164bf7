import Ajv, { type ValidateFunction } from 'ajv'
import { z } from 'zod'
import { checkRequestRules } from '../../../shared/chat/check-request-rules'
import { assembleRequest } from '../../../shared/chat/normalize-request'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import { requestSchema } from '../../../shared/chat/request-schema'
import type { ChatCompletionRequest, ChatCompletionRequestBody, ChatMessage } from '../../../shared/chat/types'

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
  const valid = body as ChatCompletionRequestBody
  // Such a body has no deprecated form to map: its messages need only copies of their own, as zod's output is
  // (later steps may change them; the stored request keeps the client's body).
  checkRequestRules(valid)
  // (The check took text messages of the system, developer, user and assistant roles only: no `function` message.)
  return assembleRequest(valid, valid.messages.map((m) => ({ ...m })) as ChatMessage[], [])
}
