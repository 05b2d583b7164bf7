import { z } from 'zod'
import { badRequest } from '../../../shared/errors'
import { issueMessage } from '../../../shared/validation/issue-messages'
import { issueToError } from '../../../shared/validation/issue-to-error'
import type { ResponsesRequest } from './responses-types'

const object = z.looseObject({})
const effort = z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'])

/**
 * Every top-level field OpenAI's `POST /v1/responses` accepts; any other is refused by name. Items,
 * tools and formats are checked field by field where they are translated (to-pivot.ts).
 * Built on the first Responses request rather than at start (some 110 kB of zod objects an idle gateway need not hold).
 */
const buildResponsesRequestSchema = () => z.strictObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(object)]).optional(),
  instructions: z.string().nullable().optional(),
  tools: z.array(object).optional(),
  tool_choice: z.union([z.enum(['none', 'auto', 'required']), object]).optional(),
  parallel_tool_calls: z.boolean().nullable().optional(),
  text: z.strictObject({ format: object.optional(), verbosity: z.enum(['low', 'medium', 'high']).nullable().optional() }).optional(),
  max_output_tokens: z.int().min(16).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  stream: z.boolean().nullable().optional(),
  stream_options: z.strictObject({ include_obfuscation: z.boolean().optional() }).nullable().optional(),
  store: z.boolean().nullable().optional(),
  previous_response_id: z.string().nullable().optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
  user: z.string().optional(),
  safety_identifier: z.string().optional(),
  prompt_cache_key: z.string().optional(),
  prompt_cache_retention: z.enum(['in-memory', '24h']).nullable().optional(),
  truncation: z.enum(['auto', 'disabled']).nullable().optional(),
  include: z.array(z.string()).nullable().optional(),
  reasoning: z.strictObject({ effort: effort.nullable().optional(), summary: z.string().nullable().optional(), generate_summary: z.string().nullable().optional() }).nullable().optional(),
  service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority']).nullable().optional(),
  max_tool_calls: z.int().min(1).nullable().optional(),
  top_logprobs: z.int().min(0).max(20).nullable().optional(),
  /** Sent by Codex CLI (installation and session ids); accepted and not forwarded. */
  client_metadata: z.record(z.string(), z.string()).nullable().optional(),
  background: z.boolean().nullable().optional(),
  conversation: z.unknown().optional(),
  prompt: z.unknown().optional(),
})
let responsesRequestSchema: ReturnType<typeof buildResponsesRequestSchema> | undefined

/** Fields OpenAI has that the gateway does not serve: a 400 that says so, rather than an answer that ignores them. */
const UNSERVED: Record<string, string> = {
  background: 'Background responses are not available on this gateway; remove `background` and wait for the answer or stream it.',
  conversation: 'Conversations are not available on this gateway; chain responses with `previous_response_id` instead.',
  prompt: 'Stored prompt templates are not available on this gateway; send `instructions` and `input` instead.',
}

/** Validates a `POST /v1/responses` body: a 400 naming the first bad field. */
export function parseResponsesRequest(body: unknown): ResponsesRequest {
  const result = (responsesRequestSchema ??= buildResponsesRequestSchema()).safeParse(body, { error: issueMessage })
  if (!result.success) throw issueToError(result.error.issues[0]!, body)
  const req = result.data
  for (const [field, message] of Object.entries(UNSERVED)) {
    const v = (req as Record<string, unknown>)[field]
    if (v !== undefined && v !== null && v !== false) throw badRequest(message, field, 'unsupported_parameter')
  }
  return req as ResponsesRequest
}
