import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { checkBatchLine } from '../../../shared/batch-line'
import { MAX_BATCH_LINES, readBatchInput } from './batch-input'

const EP = '/v1/chat/completions'
const line = (o: Record<string, unknown>) => JSON.stringify({ custom_id: 'x', method: 'POST', url: EP, body: { model: 'm', messages: [] }, ...o })
const check = (text: string, seen = new Set<string>()) => checkBatchLine(text, 3, EP, seen)

describe('checkBatchLine', () => {
  it('accepts the OpenAI envelope and reads ?fallbacks= from the url', () => {
    expect(check(line({}))).toMatchObject({ ok: true, line: { line: 3, customId: 'x', fallbacks: null } })
    expect(check(line({ url: `${EP}?fallbacks=false` }))).toMatchObject({ ok: true, line: { fallbacks: false } })
    expect(check(line({ url: `${EP}?fallbacks=true` }))).toMatchObject({ ok: true, line: { fallbacks: true } })
  })

  it('names what is wrong, with the line number', () => {
    const cases: Array<[string, string, string | null]> = [
      [line({ url: `${EP}?fallbacks=maybe` }), 'invalid_url', 'url'],
      [line({ method: 'GET' }), 'invalid_request', 'method'],
      [line({ extra: 1 }), 'invalid_request', null],
      [line({ custom_id: '' }), 'invalid_request', 'custom_id'],
      [line({ body: 'text' }), 'invalid_request', 'body'],
      [line({ body: { messages: [] } }), 'missing_required_parameter', 'body.model'],
      ['"a string"', 'invalid_request', null],
      ['{', 'invalid_json_line', null],
    ]
    for (const [text, code, param] of cases) {
      const result = check(text)
      expect(result.ok, text).toBe(false)
      if (!result.ok) {
        expect(result.error, text).toMatchObject({ code, param, line: 3 })
        expect(result.error.message).toMatch(/^Line 3: /)
      }
    }
  })

  it('refuses a custom_id seen on an earlier line', () => {
    const seen = new Set<string>()
    expect(check(line({}), seen).ok).toBe(true)
    expect(check(line({}), seen)).toMatchObject({ ok: false, error: { code: 'duplicate_custom_id' } })
  })
})

describe('readBatchInput', () => {
  it('numbers lines as an editor does across CRLF, a BOM and blank lines', async () => {
    const text = `\uFEFF${line({ custom_id: 'a' })}\r\n\r\n${line({ custom_id: 'b' })}\r\n{bad\r\n`
    const stored: number[] = []
    const result = await readBatchInput(Readable.from([Buffer.from(text)]), EP, (ls) => stored.push(...ls.map((l) => l.line)), () => false)
    expect(stored).toEqual([1, 3])
    expect(result.lines).toBe(2)
    expect(result.errors.map((e) => e.error.line)).toEqual([4])
  })

  it(`stops at ${MAX_BATCH_LINES} requests`, async () => {
    const one = `${line({ custom_id: 'PLACEHOLDER' })}\n`
    const lines = Array.from({ length: MAX_BATCH_LINES + 1 }, (_, i) => one.replace('PLACEHOLDER', `id${i}`))
    let stored = 0
    const result = await readBatchInput(Readable.from([Buffer.from(lines.join(''))]), EP, (ls) => (stored += ls.length), () => false)
    expect(stored).toBe(MAX_BATCH_LINES)
    expect(result.errors).toEqual([expect.objectContaining({ error: expect.objectContaining({ code: 'too_many_requests', line: MAX_BATCH_LINES + 1 }) })])
  })
})
