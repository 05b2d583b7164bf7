import type { z } from 'zod'

const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ')

const typeNames: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  null: 'null',
}

const plural = (n: number | bigint, word: string) => `${n} ${word}${Number(n) === 1 ? '' : 's'}`

/** The per-parse error map: a predicate phrase for every built-in issue that has no message of its own. */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${typeNames[issue.expected] ?? issue.expected}`
    case 'too_small': {
      const min = issue.minimum
      if (issue.origin === 'array') return `must have at least ${plural(min as number, 'item')}`
      if (issue.origin === 'string') return Number(min) === 1 ? 'must not be empty' : `must be at least ${min} characters`
      return issue.inclusive ? `must be at least ${min}` : `must be greater than ${min}`
    }
    case 'too_big': {
      const max = issue.maximum
      if (issue.origin === 'array') return `must have at most ${plural(max as number, 'item')}`
      if (issue.origin === 'string') return `must be at most ${max} characters`
      return issue.inclusive ? `must be at most ${max}` : `must be less than ${max}`
    }
    case 'invalid_value': {
      const allowed = issue.values.length === 1 ? quoteList(issue.values) : `one of ${quoteList(issue.values)}`
      return issue.input === undefined ? `is required and must be ${allowed}` : `must be ${allowed}`
    }
    case 'invalid_format':
      return 'has an invalid format'
    case 'invalid_key':
      return 'has an invalid key'
    case 'unrecognized_keys':
      return 'is not a recognized argument'
    default:
      return 'is invalid'
  }
}
