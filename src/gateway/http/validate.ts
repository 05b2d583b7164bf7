import type { z } from 'zod'
import { badRequest } from '../../shared/errors'

/** `['messages', 2, 'content']` -> `messages[2].content` */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part)
  return out
}

/** Parses a request part with a zod schema; the first problem becomes a 400 naming its field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, root = ''): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true })
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  if (issue.code === 'unrecognized_keys') {
    const field = [root, jsonPath([...issue.path, issue.keys[0]!])].filter(Boolean).join('.')
    throw badRequest(`Unrecognized request argument supplied: ${field}. Remove it, or check its spelling.`, field, 'unknown_parameter')
  }
  const path = jsonPath(issue.path)
  const param = root && path ? `${root}.${path}` : root || path || null
  const message =
    issue.code === 'invalid_type' && issue.input === undefined ? `${param ?? 'body'} is required.` : `${param ?? 'body'}: ${issue.message}`
  throw badRequest(message, param)
}
