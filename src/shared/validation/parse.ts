import type { z } from 'zod'
import { issueMessage } from './issue-messages'
import { issueToError } from './issue-to-error'

/** Parses a request part with a zod schema; the first problem becomes a 400 naming its field (under `root`). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, root = ''): z.output<S> {
  const result = schema.safeParse(value, { error: issueMessage })
  if (result.success) return result.data
  throw issueToError(result.error.issues[0]!, value, root)
}
