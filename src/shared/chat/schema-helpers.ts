import { z } from 'zod'
import { issueMessage } from '../validation/issue-messages'
import { valueAt } from '../validation/json-path'

/**
 * Building blocks of the chat request schemas. Every issue message is a predicate phrase
 * ("must be between 0 and 2") that `issueToError` prefixes with the JSON path of the field.
 */

export const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

export const nameSchema = z
  .string()
  .regex(NAME_PATTERN, { error: 'must be 1 to 64 characters of a-z, A-Z, 0-9, underscore or dash' })

export const nonEmptyString = z.string().min(1, { error: 'must not be empty' })

export const numberBetween = (min: number, max: number) => {
  const error = `must be between ${min} and ${max}`
  return z.number().min(min, { error }).max(max, { error })
}

export const intBetween = (min: number, max: number) => {
  const error = `must be an integer between ${min} and ${max}`
  return z.int({ error }).min(min, { error }).max(max, { error })
}

const SAFE_INTEGER = 'must be an integer between -9007199254740991 and 9007199254740991'

export const integer = z.int({ error: SAFE_INTEGER })

export const positiveInt = z.int({ error: 'must be a positive integer' }).min(1, { error: 'must be a positive integer' })

export const nonNegativeInt = z.int({ error: 'must be 0 or a positive integer' }).min(0, { error: 'must be 0 or a positive integer' })

/** A JSON object (a JSON Schema, for instance): any keys, any values, never an array. */
export const jsonObjectSchema = z.record(z.string(), z.unknown())

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)


/** A refusal from a `dispatch` picker: what is wrong, where (relative path), and whether to echo the value. */
export interface Rejection {
  reject: string
  path?: (string | number)[]
  showValue?: boolean
}

type SchemaPicker<T> = (value: unknown) => z.ZodType<T> | Rejection

/**
 * Chooses the schema for a value by looking at it (its `type`, `role`, or JS type). Zod unions
 * report "invalid input" without saying which branch was meant; choosing first keeps the error
 * on the field that is actually wrong, e.g. `messages[0].content[1].image_url.url`.
 */
export function dispatch<T>(pick: SchemaPicker<T>) {
  return z.unknown().transform((value, ctx): T => {
    if (value === undefined) {
      ctx.addIssue({ code: 'invalid_type', expected: 'nonoptional', input: undefined, message: 'is required' })
      return z.NEVER
    }
    const choice = pick(value)
    if ('reject' in choice) {
      const path = choice.path ?? []
      ctx.addIssue({
        code: 'custom',
        message: choice.reject,
        path,
        input: valueAt(value, path),
        params: { showValue: choice.showValue ?? false },
      })
      return z.NEVER
    }
    const result = choice.safeParse(value, { error: issueMessage })
    if (result.success) return result.data
    // Re-raised as is: the nested path is kept and zod prefixes it with the path of this value.
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never)
    return z.NEVER
  })
}

/**
 * Dispatches an object on a discriminator property (`type`, `role`). `fallback` may claim
 * values the fixed options do not list, such as `<vendor>_ocr` tools.
 */
export function discriminate<T>(
  key: string,
  options: Record<string, z.ZodType<T>>,
  allowed: string,
  fallback?: (tag: string) => z.ZodType<T> | undefined,
) {
  return dispatch<T>((value) => {
    if (!isPlainObject(value)) return { reject: 'must be an object', showValue: true }
    const tag = value[key]
    // Let zod report the missing discriminator, so it reads as a missing required field.
    if (tag === undefined) return z.object({ [key]: z.string() }) as unknown as z.ZodType<T>
    if (typeof tag !== 'string') return { reject: `must be a string: ${allowed}`, path: [key], showValue: true }
    const schema = Object.hasOwn(options, tag) ? options[tag] : fallback?.(tag)
    return schema ?? { reject: `must be ${allowed}`, path: [key], showValue: true }
  })
}
