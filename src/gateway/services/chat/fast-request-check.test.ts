import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fastRequestCheckSource, GENERATED_FILE } from './fast-request-check-source'

describe('the chat fast path validator (generated)', () => {
  it('is what fast-request-schema.ts generates today', () => {
    const committed = readFileSync(GENERATED_FILE, 'utf8')
    // A schema or Ajv change without the file written again: `npm run generate:fast-request-check`.
    expect(committed === fastRequestCheckSource(), `${GENERATED_FILE} is stale: run npm run generate:fast-request-check`).toBe(true)
  })
})
