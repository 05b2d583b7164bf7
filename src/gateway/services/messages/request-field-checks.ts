import { isPlainObject } from '../../../shared/chat/schema-helpers'
import { badRequest, type GatewayError } from '../../../shared/errors'
import { describeValue } from '../../../shared/validation/describe-value'

export type JsonObject = Record<string, unknown>

/** A JSON object: not null, not an array (shared/chat's check, under the name the Messages front reads it by). */
export const isJsonObject: (value: unknown) => value is JsonObject = isPlainObject

/** A 400 whose message starts with the field path and whose `param` is that path. */
export const invalidField = (path: string, problem: string): GatewayError =>
  badRequest(`${path} ${problem}`, path)

export function checkNullableNumberInRange(body: JsonObject, field: string, min: number, max: number): void {
  const value = body[field]
  if (value === undefined || value === null) return
  if (typeof value !== 'number' || value < min || value > max) {
    throw invalidField(field, `must be a number from ${min} to ${max} or null (got ${describeValue(value)})`)
  }
}

export function checkNullableNonNegativeInteger(body: JsonObject, field: string): void {
  const value = body[field]
  if (value === undefined || value === null) return
  if (!Number.isInteger(value) || (value as number) < 0) {
    throw invalidField(field, `must be an integer >= 0 or null (got ${describeValue(value)})`)
  }
}

export function checkNullableBoolean(body: JsonObject, field: string): void {
  const value = body[field]
  if (value === undefined || value === null || typeof value === 'boolean') return
  throw invalidField(field, `must be true, false or null (got ${describeValue(value)})`)
}

export function checkNullableStringArray(body: JsonObject, field: string): void {
  const value = body[field]
  if (value === undefined || value === null) return
  if (!Array.isArray(value)) {
    throw invalidField(field, `must be an array of strings or null (got ${describeValue(value)})`)
  }
  value.forEach((item, index) => {
    if (typeof item !== 'string') {
      throw invalidField(`${field}.${index}`, `must be a string (got ${describeValue(item)})`)
    }
  })
}
