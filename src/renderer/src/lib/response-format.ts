import { isPlainObject, parseJsonText } from './json-text'
import { NAME_PATTERN } from './tools-json'

export type ResponseFormatKind = 'text' | 'json_object' | 'json_schema'

export interface ResponseFormatDraft {
  kind: ResponseFormatKind
  name: string
  description: string
  strict: boolean
  schemaText: string
}

export const DEFAULT_RESPONSE_FORMAT: ResponseFormatDraft = {
  kind: 'text',
  name: 'answer',
  description: '',
  strict: true,
  schemaText: JSON.stringify(
    { type: 'object', properties: { answer: { type: 'string' }, confidence: { type: 'number' } }, required: ['answer', 'confidence'], additionalProperties: false },
    null,
    2,
  ),
}

export type ResponseFormatCheck = { ok: true; body: unknown } | { ok: false; field: 'name' | 'schema'; message: string }

/** `response_format` of spec 2.1 from the editor: text (not sent), JSON mode, or a named JSON schema. */
export function responseFormatBody(d: ResponseFormatDraft): ResponseFormatCheck {
  if (d.kind === 'text') return { ok: true, body: undefined }
  if (d.kind === 'json_object') return { ok: true, body: { type: 'json_object' } }
  if (!NAME_PATTERN.test(d.name)) return { ok: false, field: 'name', message: 'The name must be 1 to 64 letters, digits, _ or -.' }
  const parsed = parseJsonText(d.schemaText)
  if (!parsed.ok) return { ok: false, field: 'schema', message: parsed.message }
  if (!isPlainObject(parsed.value)) return { ok: false, field: 'schema', message: 'The schema must be a JSON object.' }
  return {
    ok: true,
    body: { type: 'json_schema', json_schema: { name: d.name, ...(d.description ? { description: d.description } : {}), schema: parsed.value, strict: d.strict } },
  }
}

export function draftFromBody(body: unknown): ResponseFormatDraft {
  const rf = body as { type?: string; json_schema?: { name?: string; description?: string; schema?: unknown; strict?: boolean | null } } | undefined
  if (rf?.type === 'json_object') return { ...DEFAULT_RESPONSE_FORMAT, kind: 'json_object' }
  if (rf?.type === 'json_schema' && rf.json_schema) {
    return {
      kind: 'json_schema',
      name: rf.json_schema.name ?? 'answer',
      description: rf.json_schema.description ?? '',
      strict: rf.json_schema.strict ?? false,
      schemaText: JSON.stringify(rf.json_schema.schema ?? {}, null, 2),
    }
  }
  return DEFAULT_RESPONSE_FORMAT
}

export type StructuredResult = { ok: true; value: unknown; problems: string[] } | { ok: false; message: string }

const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : Number.isInteger(v) ? 'integer' : typeof v)

/** Parses a structured answer and checks it against the top level of the schema (required fields and their types). */
export function checkStructuredAnswer(content: string, schema: unknown): StructuredResult {
  const parsed = parseJsonText(content)
  if (!parsed.ok) return parsed
  const problems: string[] = []
  if (isPlainObject(schema) && isPlainObject(parsed.value)) {
    const props = isPlainObject(schema.properties) ? schema.properties : {}
    for (const key of Array.isArray(schema.required) ? (schema.required as string[]) : []) {
      if (!(key in parsed.value)) problems.push(`"${key}" is required but missing.`)
    }
    for (const [key, value] of Object.entries(parsed.value)) {
      const want = isPlainObject(props[key]) ? props[key].type : undefined
      const wanted = Array.isArray(want) ? want : want ? [want] : []
      const got = typeOf(value)
      if (wanted.length && !wanted.includes(got) && !(got === 'integer' && wanted.includes('number'))) problems.push(`"${key}" is ${got}, the schema wants ${wanted.join(' or ')}.`)
    }
  }
  return { ok: true, value: parsed.value, problems }
}
