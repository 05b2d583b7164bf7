import type { z } from 'zod'
import { badRequest, type GatewayError } from '../errors'
import { describeValue } from './describe-value'
import { issueFacts } from './issue-facts'
import { formatPath } from './json-path'

/**
 * Turns the first zod issue of a request into the 400 a client sees, in the OpenAI family's words:
 * `param` is the JSON path (under `root` when the value is part of a larger request) and the message
 * says what is allowed and what was sent.
 */
export function issueToError(issue: z.core.$ZodIssue, input: unknown, root = ''): GatewayError {
  const f = issueFacts(issue, input)
  const under = (p: string) => (root && p ? `${root}.${p}` : root || p)
  const param = under(f.param)
  switch (f.kind) {
    case 'not_an_object':
      return badRequest(root ? `${root} must be a JSON object` : 'The request body must be a JSON object', root || null, 'invalid_type')
    case 'unknown_key':
      return badRequest(f.path.length === 1 && !root ? `Unrecognized request argument supplied: ${f.unknownKeys[0]}` : `Unrecognized argument supplied: ${param}`, param, 'unknown_parameter')
    case 'invalid_key': {
      const key = f.path[f.path.length - 1]
      const reason = issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue.message
      return badRequest(`${under(formatPath(f.path.slice(0, -1)))} key ${JSON.stringify(String(key))} ${reason}`, param)
    }
    case 'missing':
      return badRequest(`${param || 'body'} ${issue.message}`, param || null, 'missing_required_parameter')
    default: {
      const showValue = issue.code === 'custom' ? issue.params?.['showValue'] === true : f.value !== undefined
      const got = showValue ? `; got ${describeValue(f.value)}` : ''
      return badRequest(`${param} ${issue.message}${got}`, param || null, f.kind)
    }
  }
}
