import { z } from 'zod'
import type { ResponseFormat } from './types'
import { textContentSchema } from './content-part-schemas'
import { messagesSchema } from './message-schemas'
import {
  discriminate,
  dispatch,
  intBetween,
  integer,
  jsonObjectSchema,
  nameSchema,
  nonNegativeInt,
  nonEmptyString,
  numberBetween,
  positiveInt,
} from './schema-helpers'
import { approximateLocationFields, legacyFunctionCallSchema, legacyFunctionsSchema, toolChoiceSchema, toolsSchema } from './tool-schemas'

export const MAX_STOP_SEQUENCES = 4

const responseFormatSchema = discriminate<ResponseFormat>(
  'type',
  {
    text: z.object({ type: z.literal('text') }),
    json_object: z.object({ type: z.literal('json_object') }),
    json_schema: z.object({
      type: z.literal('json_schema'),
      json_schema: z.object({
        name: nameSchema,
        description: z.string().optional(),
        schema: jsonObjectSchema.optional(),
        strict: z.boolean().nullable().optional(),
      }),
    }),
  },
  'one of "text", "json_object", "json_schema"',
)

const stopSchema = dispatch<string | string[]>((value) => {
  if (typeof value === 'string') return z.string()
  if (Array.isArray(value)) {
    const error = `must have 1 to ${MAX_STOP_SEQUENCES} stop sequences`
    return z.array(z.string()).min(1, { error }).max(MAX_STOP_SEQUENCES, { error })
  }
  return { reject: `must be a string or an array of 1 to ${MAX_STOP_SEQUENCES} strings`, showValue: true }
})

const maxTokensSchema = nonNegativeInt.nullable().optional()

/** OpenAI's search models' options: forwarded to OpenAI-compatible providers, dropped for others. */
const webSearchOptionsSchema = z.object({
  search_context_size: z.enum(['low', 'medium', 'high']).optional(),
  user_location: z.object({ type: z.literal('approximate'), approximate: z.object(approximateLocationFields) }).nullable().optional(),
})

let built: ReturnType<typeof buildRequestSchema> | undefined
/**
 * The chat request's schema, built on the first chat request rather than at start: some 350 kB of zod objects
 * (a heap snapshot of the idle gateway) that a gateway not yet asked for a completion does not need.
 */
export const requestSchema = () => (built ??= buildRequestSchema())

/** Shape and range of every field of spec 2.1, and of the OpenAI fields SDKs add. Rules that span fields live in `check-request-rules`. */
const buildRequestSchema = () => z.strictObject({
  model: nonEmptyString,
  messages: messagesSchema,
  store: z.boolean().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  frequency_penalty: numberBetween(-2, 2).optional(),
  presence_penalty: numberBetween(-2, 2).optional(),
  logit_bias: z
    .record(z.string().regex(/^\d+$/, { error: 'must be a token id (a non-negative integer)' }), intBetween(-100, 100))
    .optional(),
  logprobs: z.boolean().optional(),
  top_logprobs: intBetween(0, 20).optional(),
  max_tokens: maxTokensSchema,
  max_completion_tokens: maxTokensSchema,
  n: intBetween(1, 128).optional(),
  modalities: z.array(z.enum(['text', 'audio'])).min(1).optional(),
  prediction: z.object({ type: z.literal('content'), content: textContentSchema }).optional(),
  audio: z
    .object({
      voice: z.enum(['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse']),
      format: z.enum(['wav', 'mp3', 'flac', 'opus', 'pcm16']),
    })
    .optional(),
  response_format: responseFormatSchema.optional(),
  seed: integer.optional(),
  service_tier: z.enum(['auto', 'default', 'flex', 'scale', 'priority']).optional(),
  stop: stopSchema.optional(),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional(), include_obfuscation: z.boolean().optional() }).nullable().optional(),
  temperature: numberBetween(0, 2).optional(),
  top_p: numberBetween(0, 1).optional(),
  tools: toolsSchema.optional(),
  max_tool_rounds: intBetween(1, 64).optional(),
  tool_choice: toolChoiceSchema.optional(),
  parallel_tool_calls: z.boolean().optional(),
  function_call: legacyFunctionCallSchema.optional(),
  functions: legacyFunctionsSchema.optional(),
  thinking: z
    .object({ type: z.enum(['enabled', 'disabled', 'adaptive']), budget_tokens: positiveInt.optional() })
    .superRefine((thinking, ctx) => {
      if (thinking.type === 'enabled' && thinking.budget_tokens === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['budget_tokens'],
          input: undefined,
          message: 'is required when thinking.type is "enabled"',
        })
      }
    })
    .optional(),
  reasoning_effort: z.enum(['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']).optional(),
  verbosity: z.enum(['low', 'medium', 'high']).optional(),
  // Fields of OpenAI's API outside spec 2.1 that SDKs and frameworks send (LangChain's and the AI SDK's
  // `user`): accepted, forwarded to OpenAI-compatible providers, mapped or dropped for others.
  user: z.string().optional(),
  safety_identifier: z.string().optional(),
  prompt_cache_key: z.string().optional(),
  prompt_cache_retention: z.enum(['in-memory', '24h']).optional(),
  web_search_options: webSearchOptionsSchema.optional(),
})

