import type { z } from 'zod'
import { formatPath, valueAt } from './json-path'

export type IssueKind = 'unknown_key' | 'missing' | 'invalid_type' | 'invalid_value' | 'invalid_key' | 'not_an_object'

/** What a zod issue says about the input, before any wording: where, what kind of problem, and the value refused. */
export interface IssueFacts {
  kind: IssueKind
  /** Path of the field, with the unknown key for `unknown_key`. */
  path: PropertyKey[]
  /** `path` formatted: `messages[2].content`. */
  param: string
  /** The refused value (undefined when missing). */
  value: unknown
  unknownKeys: string[]
  issue: z.core.$ZodIssue
}

/** Reads one zod issue against the input it came from. */
export function issueFacts(issue: z.core.$ZodIssue, input: unknown): IssueFacts {
  const base = { issue, unknownKeys: [] as string[] }
  if (issue.code === 'unrecognized_keys') {
    const path = [...issue.path, issue.keys[0] ?? '']
    return { ...base, kind: 'unknown_key', path, param: formatPath(path), value: valueAt(input, path), unknownKeys: issue.keys }
  }
  const value = 'input' in issue && issue.input !== undefined ? issue.input : valueAt(input, issue.path)
  const param = formatPath(issue.path)
  if (issue.code === 'invalid_key') return { ...base, kind: 'invalid_key', path: issue.path, param, value }
  if (issue.path.length === 0 && issue.code === 'invalid_type') return { ...base, kind: 'not_an_object', path: [], param, value }
  const missing = (issue.code === 'invalid_type' || issue.code === 'invalid_value') && value === undefined
  return { ...base, kind: missing ? 'missing' : issue.code === 'invalid_type' ? 'invalid_type' : 'invalid_value', path: issue.path, param, value }
}
