import { describe, expect, it } from 'vitest'
import { contentDisposition, decideRange } from './byte-range'

const etag = '"file-x"'
const range = (header: string | undefined, size = 100, ifRange?: string) => decideRange(header, size, ifRange, etag)

describe('Range header', () => {
  it('honours first-last, open-ended and suffix ranges, clamped to the size', () => {
    expect(range('bytes=0-9')).toEqual({ kind: 'partial', start: 0, end: 9 })
    expect(range('bytes=90-')).toEqual({ kind: 'partial', start: 90, end: 99 })
    expect(range('bytes=-10')).toEqual({ kind: 'partial', start: 90, end: 99 })
    expect(range('bytes=-500')).toEqual({ kind: 'partial', start: 0, end: 99 })
    expect(range('bytes=50-5000')).toEqual({ kind: 'partial', start: 50, end: 99 })
    expect(range('BYTES = 1 - 1')).toEqual({ kind: 'partial', start: 1, end: 1 })
  })

  it('answers unsatisfiable past the end or for an empty suffix', () => {
    expect(range('bytes=100-')).toEqual({ kind: 'unsatisfiable' })
    expect(range('bytes=-0')).toEqual({ kind: 'unsatisfiable' })
    expect(range('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
  })

  it('falls back to the whole content for what it does not serve', () => {
    for (const h of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=9-3', 'bytes=a-b']) {
      expect(range(h), String(h)).toEqual({ kind: 'full' })
    }
  })

  it('applies If-Range only when it names this content', () => {
    expect(range('bytes=0-1', 100, etag)).toEqual({ kind: 'partial', start: 0, end: 1 })
    expect(range('bytes=0-1', 100, '"file-other"')).toEqual({ kind: 'full' })
  })
})

describe('Content-Disposition', () => {
  it('keeps ASCII names and encodes the rest exactly', () => {
    expect(contentDisposition('input.jsonl')).toBe(`attachment; filename="input.jsonl"; filename*=UTF-8''input.jsonl`)
    expect(contentDisposition('résumé "v2".jsonl')).toBe(
      `attachment; filename="r_sum_ _v2_.jsonl"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22v2%22.jsonl`,
    )
  })
})
