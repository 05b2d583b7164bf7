import { z } from 'zod'

/** OpenAI's limits: at most 2048 inputs per request, none of them empty. */
export const MAX_EMBEDDING_INPUTS = 2048

const text = z.string().min(1)
const tokenIds = z.array(z.number().int().min(0)).min(1)

/** `POST /v1/embeddings` (OpenAI's shape): text, texts, token ids or token-id arrays. */
export const embeddingsBody = z.strictObject({
  model: z.string().min(1, 'must name an embedding model'),
  input: z.union([text, z.array(text).min(1).max(MAX_EMBEDDING_INPUTS), tokenIds, z.array(tokenIds).min(1).max(MAX_EMBEDDING_INPUTS)], {
    error: `must be a non-empty string, an array of 1 to ${MAX_EMBEDDING_INPUTS} non-empty strings, an array of token ids (non-negative integers), or an array of 1 to ${MAX_EMBEDDING_INPUTS} such arrays`,
  }),
  encoding_format: z.enum(['float', 'base64']).default('float'),
  dimensions: z.number().int().min(1).optional(),
  user: z.string().optional(),
})

export type EmbeddingsBody = z.output<typeof embeddingsBody>

/** The inputs as a list: one text or one token array stands alone. */
export const inputList = (input: EmbeddingsBody['input']): Array<string | number[]> =>
  typeof input === 'string' ? [input] : input.length > 0 && typeof input[0] === 'number' ? [input as number[]] : (input as Array<string | number[]>)
