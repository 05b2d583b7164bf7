import { z } from 'zod'
import { withMetadata } from './admin-schemas'

const unixSeconds = z.coerce.number().int('must be Unix seconds').min(0, 'must be Unix seconds')

/** The filters every usage query takes. */
const filterFields = {
  status: z
    .union([z.enum(['ok', 'error']), z.coerce.number().int().min(100).max(599)], { error: 'must be ok, error or an HTTP status such as 429' })
    .optional(),
  model: z.string().max(200).optional(),
  team_id: z.string().max(100).optional(),
  key_id: z.string().max(100).optional(),
  endpoint: z.string().max(100).optional(),
  metadata: z.record(z.string(), z.string()),
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
}

export const usagePageQuery = z.preprocess(
  withMetadata,
  z.strictObject({
    ...filterFields,
    limit: z.coerce.number().int().min(1).max(1000).default(50),
    /** `next_before` of the previous page. */
    before: z.string().regex(/^\d+:.+$/, 'must be the next_before of a previous page').optional(),
  }),
)

export const usageStatsQuery = z.preprocess(
  withMetadata,
  z.strictObject({ ...filterFields, bucket: z.enum(['hour', 'day']).default('hour'), group_by: z.enum(['model', 'team', 'key']).default('model') }),
)

export const usageExportQuery = z.preprocess(withMetadata, z.strictObject(filterFields))
