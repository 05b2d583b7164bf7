/**
 * Narrows a client's JSON Schema (response_format json_schema, tool parameters) to the subset that
 * node-llama-cpp turns into a llama.cpp grammar, so what the model writes is forced to validate.
 * Keywords that only annotate are dropped; keywords the grammar cannot build (allOf, not, a $ref
 * outside $defs...) get a 400 naming their path, rather than output that silently breaks the schema.
 * The local provider first takes out what the grammar cannot enforce and refuses schemas no value
 * meets (providers/local/json-schema-check.ts).
 */
import { isPlainObject } from '../../../shared/chat/schema-helpers'
import { badRequest } from '../../../shared/errors'

/** A JSON Schema in the grammar's subset (node-llama-cpp's GbnfJsonSchema). */
export type GrammarJsonSchema = { readonly [key: string]: unknown }

type Schema = Record<string, unknown>

/** Say nothing about the value: dropped. */
const ANNOTATIONS = new Set(['title', 'default', 'examples', '$schema', '$id', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'strict', 'nullable'])
const STRING_FORMATS = new Set(['date-time', 'time', 'date'])
const SCALARS = ['string', 'number', 'boolean', 'null'] as const
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'])

/** Any JSON value, which the grammar library has no word for. */
const anyValue = (): Schema => ({
  oneOf: [{ type: [...SCALARS] }, { type: 'object', additionalProperties: true }, { type: 'array', items: { type: [...SCALARS] } }],
})

const refused = (path: string, what: string) =>
  badRequest(`${path} uses ${what}, which a local model's grammar cannot enforce; remove it (or use an upstream model).`, path, 'unsupported_schema')

/** `path` names the schema in the request, e.g. "response_format.json_schema.schema". */
export function toGrammarSchema(schema: unknown, path: string): GrammarJsonSchema {
  if (!isPlainObject(schema)) throw badRequest(`${path} must be a JSON Schema object.`, path)
  const defs = schema.$defs ?? schema.definitions
  const out = convert(schema, path)
  if (isPlainObject(defs)) {
    const converted: Schema = {}
    for (const [name, def] of Object.entries(defs)) converted[name] = convert(def, `${path}.$defs.${name}`)
    out.$defs = converted
  }
  return out
}

function convert(schema: unknown, path: string): Schema {
  if (schema === true) return anyValue()
  if (!isPlainObject(schema)) throw badRequest(`${path} must be a JSON Schema object.`, path)
  const out: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    const at = `${path}.${key}`
    if (ANNOTATIONS.has(key) || key === '$defs' || key === 'definitions') continue
    switch (key) {
      case 'description':
        if (typeof value === 'string') out.description = value
        break
      case 'type':
        for (const t of Array.isArray(value) ? value : [value]) if (typeof t !== 'string' || !TYPES.has(t)) throw badRequest(`${at}: unknown type ${JSON.stringify(t)}.`, at)
        out.type = value
        break
      case 'const':
      case 'enum':
      case 'required':
      case 'minItems':
      case 'maxItems':
      case 'minLength':
      case 'maxLength':
      case 'minProperties':
      case 'maxProperties':
        out[key] = value
        break
      case 'format':
        // A format the grammar does not know is an annotation to JSON Schema too (it need not be asserted).
        if (typeof value === 'string' && STRING_FORMATS.has(value)) out.format = value
        break
      case '$ref':
        if (typeof value !== 'string' || !/^#\/(\$defs|definitions)\/[^/]+$/.test(value)) throw refused(at, `the reference ${JSON.stringify(value)} (only "#/$defs/<name>" is supported)`)
        out.$ref = value.replace('#/definitions/', '#/$defs/')
        break
      case 'anyOf':
      case 'oneOf':
        if (!Array.isArray(value) || value.length === 0) throw badRequest(`${at} must be a non-empty array of schemas.`, at)
        out.oneOf = value.map((s, i) => convert(s, `${at}[${i}]`))
        break
      case 'properties': {
        if (!isPlainObject(value)) throw badRequest(`${at} must be an object of schemas.`, at)
        const props: Schema = {}
        for (const [name, s] of Object.entries(value)) props[name] = convert(s, `${at}.${name}`)
        out.properties = props
        break
      }
      case 'additionalProperties':
        out.additionalProperties = typeof value === 'boolean' ? value : convert(value, at)
        break
      case 'items':
        out.items = convert(value, at)
        break
      case 'prefixItems':
        if (!Array.isArray(value)) throw badRequest(`${at} must be an array of schemas.`, at)
        out.prefixItems = value.map((s, i) => convert(s, `${at}[${i}]`))
        break
      default:
        throw refused(at, `\`${key}\``)
    }
  }
  const constrained = ['type', 'const', 'enum', 'oneOf', '$ref', 'properties'].some((k) => k in out)
  if (!constrained) return { ...anyValue(), ...(out.description ? { description: out.description } : {}) }
  if ('properties' in out && !('type' in out)) out.type = 'object'
  // JSON Schema's object without properties is any object; the grammar's would be only `{}`.
  if (out.type === 'object' && !('properties' in out) && !('additionalProperties' in out)) out.additionalProperties = true
  if (out.type === 'array' && !('items' in out) && !('prefixItems' in out)) out.items = anyValue()
  return out
}
