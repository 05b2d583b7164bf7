import type { z } from 'zod'
import { formatPath, type ConfigIssue } from './config-error'

const SECRET_FIELDS = new Set(['api_key', 'keys'])
const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`

/** Turns zod's issues into messages that say what is wrong and what would be right, never echoing a secret. */
export function toConfigIssues(error: z.ZodError): ConfigIssue[] {
  return error.issues.map((issue) => {
    const path = formatPath(issue.path)
    const secret = issue.path.some((p) => SECRET_FIELDS.has(String(p)))
    const input = 'input' in issue && !secret ? `; got ${describe(issue.input)}` : ''
    switch (issue.code) {
      case 'invalid_type':
        return { path, message: issue.input === undefined ? `is required (${issue.expected})` : `must be ${issue.expected}${input}` }
      case 'invalid_value':
        return { path, message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}${input}` }
      case 'unrecognized_keys':
        return { path, message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (check the spelling against the config reference in README.md)` }
      case 'too_small':
        return { path, message: issue.message.startsWith('Too small') ? `must be at least ${issue.minimum}${input}` : `${issue.message}${input}` }
      case 'too_big':
        return { path, message: `must be at most ${issue.maximum}${input}` }
      default:
        return { path, message: `${issue.message}${input}` }
    }
  })
}
