import { z } from 'zod'
import type { AssistantContentPart, TextPart, UserContentPart } from './types'
import { discriminate, dispatch } from './schema-helpers'

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i
const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/_-]+={0,2}$/i

export const textPartSchema = z.object({ type: z.literal('text'), text: z.string() })

export const refusalPartSchema = z.object({ type: z.literal('refusal'), refusal: z.string() })

/** The image type of raw base64 data, read from its first bytes; undefined for anything else. */
export function sniffImageType(base64: string): string | undefined {
  let head: string
  try {
    head = atob(base64.slice(0, 16).replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return undefined
  }
  if (head.startsWith('\x89PNG')) return 'image/png'
  if (head.startsWith('\xff\xd8\xff')) return 'image/jpeg'
  if (head.startsWith('GIF8')) return 'image/gif'
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp'
  return undefined
}

/**
 * An image URL: http(s), a base64 data URL, or (spec 2.2: "an image URL or base64 image data") raw
 * base64 of a PNG, JPEG, GIF or WebP, which becomes a data URL of its type, so providers see URLs only.
 */
const imageUrlSchema = z
  .string()
  .refine((url) => HTTP_URL.test(url) || IMAGE_DATA_URL.test(url) || BASE64.test(url), {
    error: 'must be an http(s) URL or a base64 data URL such as data:image/png;base64,iVBOR... (or raw base64 image data)',
    params: { showValue: true },
    abort: true,
  })
  .refine((url) => HTTP_URL.test(url) || IMAGE_DATA_URL.test(url) || sniffImageType(url) !== undefined, {
    error: 'is base64 data of no image type the gateway knows (PNG, JPEG, GIF or WebP); send a data URL that names its type',
  })
  .transform((url) => (HTTP_URL.test(url) || IMAGE_DATA_URL.test(url) ? url : `data:${sniffImageType(url)};base64,${url}`))

export const imageUrlPartSchema = z.object({
  type: z.literal('image_url'),
  image_url: z.object({
    url: imageUrlSchema,
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
})

export const inputAudioPartSchema = z.object({
  type: z.literal('input_audio'),
  input_audio: z.object({
    data: z.string().regex(BASE64, { error: 'must be base64-encoded audio' }),
    format: z.enum(['wav', 'mp3']),
  }),
})

const textParts = discriminate<TextPart>('type', { text: textPartSchema }, '"text" (only text parts are allowed here)')

const userParts = discriminate<UserContentPart>(
  'type',
  { text: textPartSchema, image_url: imageUrlPartSchema, input_audio: inputAudioPartSchema },
  'one of "text", "image_url", "input_audio" in a user message',
)

const assistantParts = discriminate<AssistantContentPart>(
  'type',
  { text: textPartSchema, refusal: refusalPartSchema },
  'one of "text", "refusal" in an assistant message',
)

/** Content that is a string or a non-empty array of the given parts. */
function contentOf<P>(part: z.ZodType<P>) {
  const parts = z.array(part).min(1, { error: 'must have at least 1 content part' })
  return dispatch<string | P[]>((value) => {
    if (typeof value === 'string') return z.string()
    if (Array.isArray(value)) return parts
    return { reject: 'must be a string or an array of content parts', showValue: true }
  })
}

export const textContentSchema = contentOf(textParts)
export const userContentSchema = contentOf(userParts)

/** Assistant content holds text parts, or exactly one refusal part. */
export const assistantContentSchema = contentOf(assistantParts).superRefine((content, ctx) => {
  if (typeof content === 'string' || content.length < 2) return
  const firstRefusal = content.findIndex((part) => part.type === 'refusal')
  if (firstRefusal === -1) return
  ctx.addIssue({
    code: 'custom',
    path: [firstRefusal === 0 ? 1 : firstRefusal],
    input: undefined,
    message: 'cannot be combined with a refusal part: assistant content is text parts, or exactly one refusal part',
  })
})
