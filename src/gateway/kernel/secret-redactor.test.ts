import { describe, expect, it } from 'vitest'
import { createSecretRedactor } from './secret-redactor'

const KEY = 'sk-live-0123456789abcdef'
const MASK = `[redacted${'*'.repeat(KEY.length - 10)}]`

describe('createSecretRedactor', () => {
  it('masks every occurrence with a mask of the same length, and leaves short values alone', () => {
    const r = createSecretRedactor()
    r.add(KEY)
    r.add('short')
    r.add(undefined)
    expect(r.redact(`a ${KEY} b ${KEY} short`)).toBe(`a ${MASK} b ${MASK} short`)
    expect(MASK).toHaveLength(KEY.length)
  })

  it('reads live secrets (the admin token file) at each use', () => {
    let token = 'admin-token-one-0123456789'
    const r = createSecretRedactor(() => [token])
    expect(r.redact(token)).not.toContain(token)
    token = 'admin-token-two-0123456789'
    expect(r.redact(`x ${token}`)).toBe(`x [redacted****************]`)
  })

  it('catches a secret split across chunks at every position, and the bytes are otherwise the same', () => {
    const r = createSecretRedactor()
    r.add(KEY)
    const text = `data: {"error":"bad key ${KEY}"}\n\nsk-no\n\n`
    for (let cut = 0; cut <= text.length; cut++) {
      for (let cut2 = cut; cut2 <= text.length; cut2 += 7) {
        const s = r.stream()
        const out = Buffer.concat([s.push(Buffer.from(text.slice(0, cut))), s.push(Buffer.from(text.slice(cut, cut2))), s.push(Buffer.from(text.slice(cut2))), s.end()])
        expect(out.toString()).toBe(text.replace(KEY, MASK))
      }
    }
  })

  it('holds nothing back at the end of an ordinary event', () => {
    const r = createSecretRedactor()
    r.add(KEY)
    const chunk = Buffer.from('data: {"delta":"hello"}\n\n')
    expect(r.stream().push(chunk).toString()).toBe(chunk.toString())
  })
})

describe('createSecretRedactor, secrets added while it runs', () => {
  it('masks a provider key added after the first use, in text and in a stream', () => {
    const r = createSecretRedactor(() => ['admin-token-0123456789'])
    expect(r.redact(`x ${KEY}`)).toBe(`x ${KEY}`)
    r.add(KEY)
    expect(r.redact(`x ${KEY}`)).toBe(`x ${MASK}`)
    const s = r.stream()
    expect(Buffer.concat([s.push(Buffer.from(`a ${KEY.slice(0, 5)}`)), s.push(Buffer.from(`${KEY.slice(5)} b`)), s.end()]).toString()).toBe(`a ${MASK} b`)
  })
})
