import type { z } from 'zod'
import { describeValue } from '../../shared/validation/describe-value'
import { issueFacts } from '../../shared/validation/issue-facts'
import { formatPath } from '../../shared/validation/json-path'
import type { ConfigIssue } from './config-error'

const SECRET_FIELDS = new Set(['api_key', 'keys'])

/** Turns zod's issues into messages that say what is wrong and what would be right, never echoing a secret. */
export function toConfigIssues(error: z.ZodError, input: unknown): ConfigIssue[] {
  return error.issues.map((issue) => {
    const f = issueFacts(issue, input)
    const path = formatPath(issue.path)
    const secret = issue.path.some((p) => SECRET_FIELDS.has(String(p)))
    const got = f.value !== undefined && !secret ? `; got ${describeValue(f.value, { typed: true })}` : ''
    switch (issue.code) {
      case 'invalid_type':
        return { path, message: f.kind === 'missing' ? `is required (${issue.expected})` : `must be ${issue.expected}${got}` }
      case 'invalid_value':
        return { path, message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}${got}` }
      case 'unrecognized_keys':
        return { path, message: `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (check the spelling against the config reference in README.md)` }
      case 'too_small':
        return { path, message: issue.message.startsWith('Too small') ? `must be at least ${issue.minimum}${got}` : `${issue.message}${got}` }
      case 'too_big':
        return { path, message: `must be at most ${issue.maximum}${got}` }
      default:
        return { path, message: `${issue.message}${got}` }
    }
  })
}
