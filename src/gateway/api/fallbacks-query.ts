import { z } from 'zod'

/** `?fallbacks=true|false` on model requests (spec 2.1): whether the team's fallbacks apply; absent, the team decides. */
export const fallbacksQuery = z.object({
  fallbacks: z
    .enum(['true', 'false'], { error: 'must be "true" or "false"' })
    .transform((v) => v === 'true')
    .optional(),
})
