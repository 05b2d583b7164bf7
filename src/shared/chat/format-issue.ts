import type { z } from 'zod'
import { badRequest, type GatewayError } from '../errors'

/** `['messages', 2, 'content', 0, 'image_url', 'url']` -> `messages[2].content[0].image_url.url` */
export const formatPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`
    return acc === '' ? String(key) : `${acc}.${String(key)}`
  }, '')

const MAX_ECHO = 40

/** A short, safe rendering of a client value for an error message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return JSON.stringify(value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}...` : value)
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`
  if (typeof value === 'object') return 'an object'
  return String(value)
}

export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Record<PropertyKey, unknown>)[key]
  }
  return node
}

/** Turns the first zod issue of a request into the 400 a client sees: `param` plus an actionable message. */
export function issueToError(issue: z.core.$ZodIssue, body: unknown): GatewayError {
  if (issue.path.length === 0 && issue.code === 'invalid_type') {
    return badRequest('The request body must be a JSON object', null, 'invalid_type')
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? ''
    const param = formatPath([...issue.path, key])
    const message =
      issue.path.length === 0
        ? `Unrecognized request argument supplied: ${key}`
        : `Unrecognized argument supplied: ${param}`
    return badRequest(message, param, 'unknown_parameter')
  }
  const param = formatPath(issue.path)
  if (issue.code === 'invalid_key') {
    const key = issue.path[issue.path.length - 1]
    const reason = issue.issues[0]?.message ?? issue.message
    return badRequest(`${formatPath(issue.path.slice(0, -1))} key ${JSON.stringify(String(key))} ${reason}`, param)
  }
  const value = valueAt(body, issue.path)
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && value === undefined) {
    return badRequest(`${param} ${issue.message}`, param, 'missing_required_parameter')
  }
  const showValue = issue.code === 'custom' ? issue.params?.['showValue'] === true : value !== undefined
  const got = showValue ? `; got ${describeValue(value)}` : ''
  const code = issue.code === 'invalid_type' ? 'invalid_type' : 'invalid_value'
  return badRequest(`${param} ${issue.message}${got}`, param, code)
}
