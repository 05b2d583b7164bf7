import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isGatewayError } from '../../../shared/errors'
import { toGrammarSchema } from '../../engines/llama/grammar-schema'
import { checkJsonSchema } from './json-schema-check'

const ROOT = 'response_format.json_schema.schema'
const refusal = (schema: unknown) => {
  try {
    checkJsonSchema(schema, ROOT)
  } catch (e) {
    if (isGatewayError(e)) return { status: e.status, param: e.param, code: e.code, message: e.message }
    throw e
  }
  return null
}
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false, ...extra })

describe('checkJsonSchema: schemas no value meets are a 400 naming the path', () => {
  it.each([
    ['an empty enum', object({ tags: { enum: [] } }), `${ROOT}.properties.tags.enum`],
    ['a type none of the enum values has', object({ size: { type: 'integer', enum: ['s', 'm'] } }), `${ROOT}.properties.size.enum`],
    ['a const of another type', object({ v: { type: 'string', const: 3 } }), `${ROOT}.properties.v.const`],
    ['a const outside the enum', { enum: ['a', 'b'], const: 'c' }, `${ROOT}.const`],
    ['an empty list of types', { type: [] }, `${ROOT}.type`],
    ['minItems over maxItems', object({ tags: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 2 } }), `${ROOT}.properties.tags.minItems`],
    ['minLength over maxLength', { type: 'string', minLength: 5, maxLength: 4 }, `${ROOT}.minLength`],
    ['minProperties over maxProperties', { type: 'object', minProperties: 2, maxProperties: 1 }, `${ROOT}.minProperties`],
    ['a required property that additionalProperties: false forbids', { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'], additionalProperties: false }, `${ROOT}.required[1]`],
    ['more required properties than maxProperties', { type: 'object', properties: { a: {}, b: {} }, required: ['a', 'b'], maxProperties: 1 }, `${ROOT}.maxProperties`],
    ['minProperties past the properties allowed', { type: 'object', properties: { a: {} }, additionalProperties: false, minProperties: 2 }, `${ROOT}.minProperties`],
    ['minimum over maximum', { type: 'number', minimum: 5, maximum: 1 }, `${ROOT}.minimum`],
    ['no integer between the bounds', { type: 'integer', minimum: 1.2, maximum: 1.8 }, `${ROOT}.minimum`],
    ['equal exclusive bounds', { type: 'number', exclusiveMinimum: 1, maximum: 1 }, `${ROOT}.maximum`],
    ['minItems past prefixItems with items: false', { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 2 }, `${ROOT}.minItems`],
    ['a branch of anyOf no value meets', { anyOf: [{ type: 'string' }, { enum: [] }] }, `${ROOT}.anyOf[1].enum`],
    ['an unsatisfiable $defs entry', { $defs: { tag: { enum: [] } }, type: 'array', items: { $ref: '#/$defs/tag' } }, `${ROOT}.$defs.tag.enum`],
  ])('%s', (_what, schema, param) => {
    expect(refusal(schema)).toMatchObject({ status: 400, param, code: 'unsatisfiable_schema' })
  })

  it('refuses a count the grammar cannot repeat, and a $ref to nothing', () => {
    expect(refusal(object({ tags: { type: 'array', items: { type: 'string' }, minItems: 1_000_000 } }))).toMatchObject({ status: 400, param: `${ROOT}.properties.tags.minItems`, code: 'unsupported_schema' })
    expect(refusal({ type: 'string', maxLength: 5000 })?.message).toContain('at most 999')
    expect(refusal({ type: 'array', minItems: -1 })).toMatchObject({ param: `${ROOT}.minItems`, code: 'invalid_schema' })
    expect(refusal({ type: 'array', items: { $ref: '#/$defs/missing' } })).toMatchObject({ param: `${ROOT}.items.$ref` })
  })
})

describe('checkJsonSchema: schemas as zod 4 writes them', () => {
  it('drops the safe-integer bounds of z.int() and what the grammar cannot enforce, keeping the shape', () => {
    const schema = z.toJSONSchema(
      z.object({
        id: z.int(),
        email: z.email(),
        score: z.number().min(0),
        when: z.iso.datetime(),
        tags: z.array(z.enum(['a', 'b'])).max(3),
        owner: z.object({ name: z.string().min(1), age: z.int().optional() }),
        note: z.string().optional(),
        scores: z.record(z.string(), z.number()),
      }),
    )
    const checked = checkJsonSchema(schema, ROOT) as { properties: Record<string, Record<string, unknown>> }
    expect(checked.properties.id).toEqual({ type: 'integer' })
    expect(checked.properties.email).toEqual({ type: 'string' })
    expect(checked.properties.score).toEqual({ type: 'number' })
    expect(checked.properties.when).toEqual({ type: 'string', format: 'date-time' })
    expect(checked.properties.tags).toMatchObject({ type: 'array', maxItems: 3, items: { type: 'string', enum: ['a', 'b'] } })
    expect((checked.properties.owner as { properties: Record<string, unknown> }).properties.age).toEqual({ type: 'integer' })
    // and the grammar takes the result whole
    expect(() => toGrammarSchema(checked, ROOT)).not.toThrow()
  })

  it('makes a required property outside properties one the grammar writes, and keeps only the enum values of the type', () => {
    const checked = checkJsonSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'], additionalProperties: { type: 'integer' } }, ROOT) as Record<string, unknown>
    expect(checked.properties).toEqual({ a: { type: 'string' }, b: { type: 'integer' } })
    expect((checkJsonSchema({ type: 'object', required: ['c'] }, ROOT) as Record<string, unknown>).properties).toEqual({ c: {} })
    expect(checkJsonSchema({ type: 'integer', enum: [1, 'one', 2.5, 3] }, ROOT)).toEqual({ type: 'integer', enum: [1, 3] })
  })

  it('takes a zod tuple (items: false) and a recursive schema ($ref: "#") in the form the grammar knows', () => {
    expect(checkJsonSchema(z.toJSONSchema(z.tuple([z.string(), z.int()])), ROOT)).toMatchObject({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, maxItems: 2 })
    interface Node {
      name: string
      children: Node[]
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node)
      },
    })
    const tree = checkJsonSchema(z.toJSONSchema(node), ROOT) as Record<string, unknown>
    expect(tree).toMatchObject({ $ref: '#/$defs/root', $defs: { root: { type: 'object', properties: { children: { items: { $ref: '#/$defs/root' } } } } } })
    expect(() => toGrammarSchema(tree, ROOT)).not.toThrow()
  })

  it('enforces a small integer range as the enum of its values, and keeps only enum values within the bounds', () => {
    expect(checkJsonSchema(z.toJSONSchema(z.int().min(1).max(7)), ROOT)).toMatchObject({ type: 'integer', enum: [1, 2, 3, 4, 5, 6, 7] })
    expect(checkJsonSchema({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 3 }, ROOT)).toMatchObject({ enum: [1, 2] })
    expect(checkJsonSchema(z.toJSONSchema(z.int().min(0).max(100_000)), ROOT)).toEqual({ $schema: expect.any(String), type: 'integer' })
    expect(checkJsonSchema({ type: 'number', minimum: 0, maximum: 5 }, ROOT)).toEqual({ type: 'number' })
    expect(checkJsonSchema({ enum: [1, 5, 'x', 9], maximum: 5 }, ROOT)).toEqual({ enum: [1, 5, 'x'] })
    expect(refusal({ type: 'integer', enum: [8, 9], maximum: 5 })).toMatchObject({ param: `${ROOT}.enum`, code: 'unsatisfiable_schema' })
  })

  it('keeps a real bound from turning into an unsatisfiable one: z.int().min(1).max(1) is fine, .min(2).max(1) is not', () => {
    expect(refusal(z.toJSONSchema(z.int().min(1).max(1)))).toBeNull()
    expect(refusal(z.toJSONSchema(z.object({ n: z.int().min(2).max(1) })))).toMatchObject({ param: `${ROOT}.properties.n.minimum` })
  })
})
