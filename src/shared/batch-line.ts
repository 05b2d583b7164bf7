import { z } from 'zod'
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './validation/json-depth'
import { formatPath } from './validation/json-path'

/**
 * One line of a batch input file (OpenAI's JSONL of requests), checked the same way by the gateway when
 * a batch starts and by the renderer when the file is uploaded, so a bad file is refused with the line
 * and the reason before it is stored.
 */

const lineSchema = z.strictObject({
  custom_id: z.string().min(1, 'must not be empty').max(512, 'must be at most 512 characters'),
  method: z.literal('POST', { error: 'must be "POST"' }),
  url: z.string(),
  body: z.record(z.string(), z.unknown(), { error: 'must be a JSON object (the request body)' }),
})

/** What a line's check found wrong: its code, the message (starting "Line N:"), the field, the line. */
export interface BatchLineError {
  code: string
  message: string
  param: string | null
  line: number | null
}

/** A good line as the batch keeps it: its number, custom_id, the body as JSON text, `?fallbacks=`. */
export interface CheckedBatchLine {
  line: number
  customId: string
  body: string
  fallbacks: boolean | null
}

/** OpenAI's limit on requests per batch. */
export const MAX_BATCH_LINES = 50_000

export type CheckedLine = { ok: true; line: CheckedBatchLine } | { ok: false; error: BatchLineError; customId: string | null }

const fail = (line: number, code: string, message: string, param: string | null = null, customId: string | null = null): CheckedLine => ({
  ok: false,
  error: { code, message: `Line ${line}: ${message}`, param, line },
  customId,
})

/** `/v1/chat/completions`, optionally with `?fallbacks=true|false` as the endpoint itself takes it. */
function parseUrl(url: string, endpoint: string): { fallbacks: boolean | null } | undefined {
  const [path, query, ...rest] = url.split('?')
  if (path !== endpoint || rest.length) return undefined
  if (query === undefined) return { fallbacks: null }
  const m = /^fallbacks=(true|false)$/.exec(query)
  return m ? { fallbacks: m[1] === 'true' } : undefined
}

/**
 * Checks one input line's envelope: `{custom_id, method, url, body}` with a JSON body naming a model.
 * The body itself is checked by the chat pipeline when the line runs, as the endpoint would check it.
 */
export function checkBatchLine(text: string, line: number, endpoint: string, seen: Set<string>): CheckedLine {
  if (jsonNestsDeeperThan(text)) return fail(line, 'json_too_deep', `nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels; flatten it.`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return fail(line, 'invalid_json_line', `not valid JSON (${(e as Error).message}).`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(line, 'invalid_request', 'must be a JSON object {"custom_id", "method": "POST", "url", "body"}.')
  }
  const parsed = lineSchema.safeParse(value)
  const fields = value as Record<string, unknown>
  const customId = typeof fields.custom_id === 'string' ? fields.custom_id : null
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const param = formatPath(issue.path) || null
    const missing = issue.code === 'invalid_type' && param !== null && fields[param] === undefined
    const what = missing ? 'is required' : issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : issue.message
    return fail(line, missing ? 'missing_required_parameter' : 'invalid_request', `${param ?? 'the line'} ${what}; each line is {"custom_id", "method": "POST", "url", "body"}.`, param, customId)
  }
  const { custom_id, url, body } = parsed.data
  const target = parseUrl(url, endpoint)
  if (!target) return fail(line, 'invalid_url', `url must be "${endpoint}" (the batch's endpoint), optionally with ?fallbacks=true or false; got ${JSON.stringify(url.slice(0, 80))}.`, 'url', custom_id)
  if (seen.has(custom_id)) return fail(line, 'duplicate_custom_id', `custom_id ${JSON.stringify(custom_id.slice(0, 80))} appears on an earlier line; each must be unique.`, 'custom_id', custom_id)
  if (typeof body.model !== 'string' || !body.model) return fail(line, 'missing_required_parameter', 'body.model is required.', 'body.model', custom_id)
  if (body.stream === true) return fail(line, 'invalid_request', 'body.stream must not be true: batch results are written whole.', 'body.stream', custom_id)
  seen.add(custom_id)
  return { ok: true, line: { line, customId: custom_id, body: JSON.stringify(body), fallbacks: target.fallbacks } }
}

