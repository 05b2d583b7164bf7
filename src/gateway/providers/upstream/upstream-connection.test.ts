import { createRequire } from 'node:module'
import type * as Undici from 'undici'
import { describe, expect, it } from 'vitest'
import { UNDICI_POOL_FILE, UNDICI_UTIL_FILE } from './upstream-connection'

const require = createRequire(import.meta.url)

describe('the undici files the upstream connections load', () => {
  it('are the Pool and header parser the package exports (an undici upgrade that moves them fails here)', () => {
    const undici = require('undici') as typeof Undici
    expect(require(UNDICI_POOL_FILE)).toBe(undici.Pool)
    expect((require(UNDICI_UTIL_FILE) as typeof undici.util).parseHeaders).toBe(undici.util.parseHeaders)
  })
})
