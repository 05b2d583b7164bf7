export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' }

/**
 * Reads a `Range` header for content of `size` bytes (RFC 9110 section 14). One range is honoured;
 * a header that cannot be read, a unit other than bytes or several ranges fall back to the whole
 * content, which the RFC allows. `If-Range` that does not match the ETag also means the whole content.
 */
export function decideRange(header: string | undefined, size: number, ifRange: string | undefined, etag: string): RangeDecision {
  if (!header) return { kind: 'full' }
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'full' }
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' }
  const [first, last] = [m[1]!, m[2]!]
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { kind: 'full' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end }
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 8187 form. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`
}
