import { z } from 'zod'

/**
 * A model's prices, in credits: `input`, `output`, `cached_input` (cache reads) and `cache_write`
 * (Anthropic cache writes; `input` when unset) per 1M tokens, `per_second` of audio heard,
 * `per_million_characters` spoken. The config file and the admin API take the same shape.
 */
export const pricingSchema = z.strictObject({
  input: z.number().nonnegative().optional(),
  output: z.number().nonnegative().optional(),
  cached_input: z.number().nonnegative().optional(),
  cache_write: z.number().nonnegative().optional(),
  per_second: z.number().nonnegative().optional(),
  per_million_characters: z.number().nonnegative().optional(),
})

export type ModelPricing = z.infer<typeof pricingSchema>
