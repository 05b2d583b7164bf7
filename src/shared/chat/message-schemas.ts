import { z } from 'zod'
import type { ChatMessageBody } from './types'
import { assistantContentSchema, textContentSchema, userContentSchema } from './content-part-schemas'
import { discriminate, nameSchema, nonEmptyString } from './schema-helpers'

export const toolCallSchema = z.object({
  id: nonEmptyString,
  type: z.literal('function'),
  function: z.object({ name: nonEmptyString, arguments: z.string() }),
})

const legacyFunctionCallSchema = z.object({ name: nameSchema, arguments: z.string() })

const developerMessageSchema = z.object({
  role: z.literal('developer'),
  content: textContentSchema,
  name: z.string().optional(),
})

const systemMessageSchema = z.object({
  role: z.literal('system'),
  content: textContentSchema,
  name: z.string().optional(),
})

const userMessageSchema = z.object({
  role: z.literal('user'),
  content: userContentSchema,
  name: z.string().optional(),
})

const assistantMessageSchema = z
  .object({
    role: z.literal('assistant'),
    content: assistantContentSchema.nullable().optional(),
    refusal: z.string().nullable().optional(),
    name: z.string().optional(),
    audio: z.object({ id: nonEmptyString }).nullable().optional(),
    tool_calls: z.array(toolCallSchema).min(1).optional(),
    function_call: legacyFunctionCallSchema.optional(),
  })
  .superRefine((message, ctx) => {
    if (message.tool_calls !== undefined && message.function_call !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['function_call'],
        input: undefined,
        message: 'cannot be sent together with tool_calls; function_call is deprecated, send tool_calls only',
      })
    }
    // Spec 2.3 answers with such messages (audio, or a refusal, and content null); they come back as history.
    const hasContent = message.content != null || message.tool_calls !== undefined || message.function_call !== undefined || message.audio != null || message.refusal != null
    if (!hasContent) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        input: undefined,
        message: 'is required unless the assistant message has tool_calls, audio or a refusal (or the deprecated function_call)',
        params: { showValue: message.content === null },
      })
    }
  })

const toolMessageSchema = z.object({
  role: z.literal('tool'),
  content: textContentSchema,
  tool_call_id: nonEmptyString,
})

const functionMessageSchema = z.object({
  role: z.literal('function'),
  content: z.string().nullable(),
  name: nameSchema,
})

export const messageSchema = discriminate<ChatMessageBody>(
  'role',
  {
    developer: developerMessageSchema,
    system: systemMessageSchema,
    user: userMessageSchema,
    assistant: assistantMessageSchema,
    tool: toolMessageSchema,
    function: functionMessageSchema,
  },
  'one of "developer", "system", "user", "assistant", "tool", "function"',
)

export const messagesSchema = z.array(messageSchema).min(1, { error: 'must have at least 1 message' })
