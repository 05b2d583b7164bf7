/**
 * A client's JSON Schema (response_format json_schema, tool parameters) checked before a local model's
 * grammar is built from it, so the engine never runs on a schema that cannot be met or expressed:
 * - a schema no value meets (`enum: []`, `minItems` over `maxItems`, a `type` none of the enum's values
 *   have, `required` naming a property that `additionalProperties: false` forbids...) is a 400 naming its
 *   path, instead of output that breaks it;
 * - a count past what llama.cpp's grammar parser repeats (about a thousand) is a 400 naming its path,
 *   instead of the engine failing as if the model file were broken;
 * - what every JSON number meets is no bound: zod 4 writes `z.int()` as ±Number.MAX_SAFE_INTEGER;
 * - an integer range of up to 256 values is enforced as the enum of its values;
 * - what the grammar cannot enforce (`pattern`, a `format` other than date-time, date and time, other
 *   numeric bounds, `multipleOf`, `uniqueItems`, `propertyNames`) is taken out, the way JSON Schema lets
 *   a validator treat `format`: the grammar still enforces the value's type and shape.
 * The result goes on to toGrammarSchema, which maps the subset the grammar library speaks.
 */
import { isPlainObject } from '../../../shared/chat/schema-helpers'
import { badRequest, type GatewayError } from '../../../shared/errors'
import { describeValue } from '../../../shared/validation/describe-value'

type Schema = Record<string, unknown>

/** llama.cpp's grammar parser refuses a repetition past about a thousand (measured: `{0,999}` of a string's characters parses, `{0,1000}` does not). */
export const GRAMMAR_MAX_COUNT = 999
const COUNT_PAIRS = [
  ['minItems', 'maxItems'],
  ['minLength', 'maxLength'],
  ['minProperties', 'maxProperties'],
] as const
const UNENFORCED = ['pattern', 'multipleOf', 'uniqueItems', 'propertyNames', 'contentEncoding', 'contentMediaType']
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const
/** Integer ranges up to this many values are enforced, as an enum of them; wider ones are not. */
const SMALL_INTEGER_RANGE = 256
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions'] as const

const unsatisfiable = (path: string, why: string): GatewayError =>
  badRequest(`${path}: ${why}, so no value can meet this schema. Fix the schema.`, path, 'unsatisfiable_schema')

/** The JSON Schema type names a value has (an integer is also a number). */
function typesOf(value: unknown): string[] {
  if (value === null) return ['null']
  if (Array.isArray(value)) return ['array']
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number']
  return [typeof value]
}

/** The name the root schema takes among the $defs when it refers to itself. */
const ROOT_DEF = 'root'

export function checkJsonSchema(schema: unknown, path: string): unknown {
  const defs = isPlainObject(schema) ? { ...(isPlainObject(schema.definitions) ? schema.definitions : {}), ...(isPlainObject(schema.$defs) ? schema.$defs : {}) } : {}
  const checked = walk(schema, path, new Set(Object.keys(defs)))
  return isPlainObject(checked) && refersToRoot(checked) ? rootAsDef(checked, path) : checked
}

/** zod 4 writes a recursive schema (a tree) with `$ref: "#"`, the root; the grammar knows only `#/$defs/<name>`. */
function refersToRoot(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(refersToRoot)
  if (!isPlainObject(node)) return false
  return node.$ref === '#' || Object.values(node).some(refersToRoot)
}

function rootAsDef(root: Schema, path: string): Schema {
  const rename = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rename)
    if (!isPlainObject(node)) return node
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && v === '#' ? `#/$defs/${ROOT_DEF}` : rename(v)]))
  }
  const { $defs, definitions, ...body } = rename(root) as Schema
  const defs = { ...(isPlainObject(definitions) ? definitions : {}), ...(isPlainObject($defs) ? $defs : {}) }
  if (ROOT_DEF in defs) {
    throw badRequest(`${path}.$defs.${ROOT_DEF}: a schema that refers to itself ("$ref": "#") takes this name on a local model; rename the entry.`, `${path}.$defs.${ROOT_DEF}`, 'unsupported_schema')
  }
  return { $ref: `#/$defs/${ROOT_DEF}`, $defs: { ...defs, [ROOT_DEF]: body } }
}

function walk(schema: unknown, path: string, defs: ReadonlySet<string>): unknown {
  if (!isPlainObject(schema)) return schema
  const out: Schema = { ...schema }
  for (const key of UNENFORCED) delete out[key]
  if (typeof out.format === 'string' && !['date-time', 'date', 'time'].includes(out.format)) delete out.format

  const types = out.type === undefined ? null : Array.isArray(out.type) ? out.type : [out.type]
  if (types?.length === 0) throw unsatisfiable(`${path}.type`, 'an empty list of types allows none')
  checkCounts(out, path)
  checkBounds(out, path, types)
  checkValues(out, path, types)
  checkObject(out, path)
  if (out.items === false) {
    // No items past the prefixItems (a zod tuple): for the grammar, at most as many items as they are.
    const prefix = Array.isArray(out.prefixItems) ? out.prefixItems.length : 0
    if (typeof out.minItems === 'number' && out.minItems > prefix) throw unsatisfiable(`${path}.minItems`, `it asks for ${out.minItems} items where \`items: false\` allows no more than the prefixItems`)
    delete out.items
    out.maxItems = Math.min(typeof out.maxItems === 'number' ? out.maxItems : prefix, prefix)
  }
  if (typeof out.$ref === 'string') {
    const name = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(out.$ref)?.[1]
    if (name !== undefined && !defs.has(name)) throw badRequest(`${path}.$ref: ${JSON.stringify(out.$ref)} names no schema of $defs.`, `${path}.$ref`, 'invalid_schema')
  }

  for (const key of SUBSCHEMA_LISTS) {
    const list = out[key]
    if (Array.isArray(list)) out[key] = list.map((s, i) => walk(s, `${path}.${key}[${i}]`, defs))
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = out[key]
    if (isPlainObject(map)) out[key] = Object.fromEntries(Object.entries(map).map(([name, s]) => [name, walk(s, `${path}.${key}.${name}`, defs)]))
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) if (isPlainObject(out[key])) out[key] = walk(out[key], `${path}.${key}`, defs)
  return out
}

/** minItems, maxLength...: whole numbers the grammar can repeat, each minimum at most its maximum. */
function checkCounts(s: Schema, path: string): void {
  for (const pair of COUNT_PAIRS) {
    for (const key of pair) {
      const v = s[key]
      if (v === undefined) continue
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw badRequest(`${path}.${key} must be a whole number 0 or more; got ${describeValue(v)}.`, `${path}.${key}`, 'invalid_schema')
      if (v > GRAMMAR_MAX_COUNT) {
        throw badRequest(
          `${path}.${key} is ${v}, more than a local model's grammar can count (at most ${GRAMMAR_MAX_COUNT}). Lower it, or use an upstream model.`,
          `${path}.${key}`,
          'unsupported_schema',
        )
      }
    }
    const [min, max] = [s[pair[0]], s[pair[1]]]
    if (typeof min === 'number' && typeof max === 'number' && min > max) throw unsatisfiable(`${path}.${pair[0]}`, `${pair[0]} ${min} is more than ${pair[1]} ${max}`)
  }
}

/** Numeric bounds: those every JSON number meets go; the rest must leave a number (an integer, for integer) between them. */
function checkBounds(s: Schema, path: string, types: readonly unknown[] | null): void {
  for (const key of BOUNDS) {
    const v = s[key]
    if (v === undefined) continue
    if (typeof v !== 'number' || !Number.isFinite(v)) throw badRequest(`${path}.${key} must be a number; got ${describeValue(v)}.`, `${path}.${key}`, 'invalid_schema')
    const lower = key === 'minimum' || key === 'exclusiveMinimum'
    if (lower ? v <= -Number.MAX_SAFE_INTEGER : v >= Number.MAX_SAFE_INTEGER) delete s[key]
  }
  const low = Math.max(typeof s.minimum === 'number' ? s.minimum : -Infinity, typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : -Infinity)
  const high = Math.min(typeof s.maximum === 'number' ? s.maximum : Infinity, typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : Infinity)
  const lowOpen = typeof s.exclusiveMinimum === 'number' && s.exclusiveMinimum >= (typeof s.minimum === 'number' ? s.minimum : -Infinity)
  const highOpen = typeof s.exclusiveMaximum === 'number' && s.exclusiveMaximum <= (typeof s.maximum === 'number' ? s.maximum : Infinity)
  const onlyIntegers = types !== null && types.every((t) => t === 'integer')
  const first = lowOpen ? Math.floor(low) + 1 : Math.ceil(low)
  const last = highOpen ? Math.ceil(high) - 1 : Math.floor(high)
  const empty = onlyIntegers ? first > last : low > high || (low === high && (lowOpen || highOpen))
  const boundKey = BOUNDS.find((k) => k in s)
  if (empty) throw unsatisfiable(`${path}.${boundKey ?? 'minimum'}`, `its bounds leave no ${onlyIntegers ? 'integer' : 'number'} between them`)
  const within = (v: unknown) => typeof v !== 'number' || ((lowOpen ? v > low : v >= low) && (highOpen ? v < high : v <= high))
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    const kept = s.enum.filter(within)
    if (kept.length === 0) throw unsatisfiable(`${path}.enum`, 'none of its values is within the bounds')
    s.enum = kept
  } else if (onlyIntegers && boundKey !== undefined && last - first < SMALL_INTEGER_RANGE && !('const' in s)) {
    // A small range of integers (days 1 to 7, a rating, a percentage) the grammar can enforce as the list of them.
    s.enum = Array.from({ length: last - first + 1 }, (_, i) => first + i)
  }
  for (const key of BOUNDS) delete s[key]
}

/** enum and const: values of the schema's type, some left at all. */
function checkValues(s: Schema, path: string, types: readonly unknown[] | null): void {
  const fits = (v: unknown) => types === null || typesOf(v).some((t) => types.includes(t))
  if ('enum' in s) {
    const values: unknown = s.enum
    if (!Array.isArray(values)) throw badRequest(`${path}.enum must be an array of values.`, `${path}.enum`, 'invalid_schema')
    if (values.length === 0) throw unsatisfiable(`${path}.enum`, 'an empty enum allows no value')
    if (!values.some(fits)) throw unsatisfiable(`${path}.enum`, `none of its values is of type ${types!.join(' or ')}`)
    // The grammar offers every enum value whatever the type: only those of the type can validate.
    const kept = values.filter(fits)
    s.enum = kept
    if ('const' in s && !kept.some((v) => JSON.stringify(v) === JSON.stringify(s.const))) throw unsatisfiable(`${path}.const`, 'the const is not one of the enum values')
  }
  if ('const' in s && !fits(s.const)) throw unsatisfiable(`${path}.const`, `the const is not of type ${types!.join(' or ')}`)
}

/** Objects: each required property allowed (and in properties), and room for as many properties as must be there. */
function checkObject(s: Schema, path: string): void {
  const props = isPlainObject(s.properties) ? s.properties : {}
  const required = Array.isArray(s.required) ? s.required : []
  required.forEach((name, i) => {
    if (typeof name !== 'string') throw badRequest(`${path}.required[${i}] must be a property name.`, `${path}.required[${i}]`, 'invalid_schema')
    if (props[name] === false) throw unsatisfiable(`${path}.required[${i}]`, `"${name}" is required but its schema is false`)
    if (!(name in props) && s.additionalProperties === false) {
      throw unsatisfiable(`${path}.required[${i}]`, `"${name}" is required but is not among the properties, and additionalProperties is false`)
    }
  })
  // A required name outside properties is an additional property that must be there; the grammar only
  // writes properties it is told of, so it becomes one, with the schema additional properties have.
  const missing = required.filter((name) => typeof name === 'string' && !(name in props))
  if (missing.length > 0) {
    const extra = isPlainObject(s.additionalProperties) ? s.additionalProperties : {}
    s.properties = { ...props, ...Object.fromEntries(missing.map((name) => [name, extra])) }
  }
  const distinct = new Set(required).size
  if (typeof s.maxProperties === 'number' && distinct > s.maxProperties) throw unsatisfiable(`${path}.maxProperties`, `${distinct} properties are required but maxProperties is ${s.maxProperties}`)
  if (s.additionalProperties === false && typeof s.minProperties === 'number' && s.minProperties > Object.keys(props).length) {
    throw unsatisfiable(`${path}.minProperties`, `it asks for ${s.minProperties} properties where only ${Object.keys(props).length} are allowed`)
  }
}
