import { describe, expect, it } from 'vitest'
import { randomMessagesBody, seededRandom } from './fixtures/random-json-bodies'
import { locateTopLevelValue } from './locate-top-level-value'

const spanText = (raw: Buffer, key: string): string | null => {
  const span = locateTopLevelValue(raw, key)
  return span && raw.toString('utf8', span.start, span.end)
}

describe('locateTopLevelValue', () => {
  it('returns UTF-8 byte offsets, not UTF-16 offsets, after multibyte text', () => {
    const raw = Buffer.from('{"system":"é 日本 😀 👩‍💻","model":"m"}')
    const span = locateTopLevelValue(raw, 'model')!
    const text = raw.toString('utf8')
    expect(span.start).not.toBe(text.indexOf('"m"')) // the UTF-16 index differs: the scan must not use it
    expect(span).toEqual({ start: raw.indexOf('"m"'), end: raw.indexOf('"m"') + 3 })
  })

  it('skips escaped quotes and backslashes inside strings', () => {
    const raw = Buffer.from(String.raw`{"a":"x\"y\\","b":"\\\"model\":\"no\"","model":"yes"}`)
    expect(JSON.parse(raw.toString()).model).toBe('yes')
    expect(spanText(raw, 'model')).toBe('"yes"')
  })

  it('ignores "model" keys nested in objects and arrays before the top-level one', () => {
    const raw = Buffer.from(
      '{"metadata":{"model":"nested-1"},"messages":[{"content":[{"model":"nested-2"}]}],"tools":[[{"model":{"model":"x"}}]],"model":"top"}',
    )
    expect(spanText(raw, 'model')).toBe('"top"')
  })

  it('takes the last of duplicate keys, as JSON.parse does', () => {
    const raw = Buffer.from('{"model":"first","max_tokens":1,"model":"second"}')
    expect(JSON.parse(raw.toString()).model).toBe('second')
    expect(spanText(raw, 'model')).toBe('"second"')
  })

  it('recognises an escaped spelling of the key, as JSON.parse does', () => {
    const raw = Buffer.from(String.raw`{"model":"plain","mod\u0065l":"escaped"}`)
    expect(JSON.parse(raw.toString()).model).toBe('escaped')
    expect(spanText(raw, 'model')).toBe('"escaped"')
  })

  it('handles whitespace of every kind between tokens', () => {
    const raw = Buffer.from(' \r\n\t{ \n"max_tokens" :\t0 ,\r\n  "model"\t:\r\n "claude"\n}\n')
    expect(spanText(raw, 'model')).toBe('"claude"')
  })

  it('gives the span of non-string values too', () => {
    expect(spanText(Buffer.from('{"model":{"a":[1,"}"]},"b":2}'), 'model')).toBe('{"a":[1,"}"]}')
    expect(spanText(Buffer.from('{"b":2,"model":-1.5e3}'), 'model')).toBe('-1.5e3')
    expect(spanText(Buffer.from('{"model":null}'), 'model')).toBe('null')
  })

  it('returns null without the key or without a top-level object', () => {
    expect(locateTopLevelValue(Buffer.from('{}'), 'model')).toBeNull()
    expect(locateTopLevelValue(Buffer.from('{"messages":[{"model":"x"}]}'), 'model')).toBeNull()
    expect(locateTopLevelValue(Buffer.from('[{"model":"x"}]'), 'model')).toBeNull()
    expect(locateTopLevelValue(Buffer.from('"model"'), 'model')).toBeNull()
  })

  it('works on a Buffer that is a view into a larger allocation', () => {
    const whole = Buffer.from('xxxx{"model":"m"}yyyy')
    const view = whole.subarray(4, whole.length - 4)
    expect(locateTopLevelValue(view, 'model')).toEqual({ start: 9, end: 12 })
  })

  it('throws on malformed input instead of guessing', () => {
    expect(() => locateTopLevelValue(Buffer.from('{"model":"unterminated'), 'model')).toThrow(SyntaxError)
    expect(() => locateTopLevelValue(Buffer.from('{"model" "x"}'), 'model')).toThrow(SyntaxError)
    expect(() => locateTopLevelValue(Buffer.from('{"a":[1,2'), 'model')).toThrow(SyntaxError)
    expect(() => locateTopLevelValue(Buffer.from('{"a":1'), 'model')).toThrow(SyntaxError)
  })

  it('agrees with JSON.parse on 1000 randomly written bodies', () => {
    const random = seededRandom(20240601)
    for (let i = 0; i < 1000; i++) {
      const { raw, model } = randomMessagesBody(random)
      expect(JSON.parse(raw.toString('utf8')).model).toBe(model)
      const span = locateTopLevelValue(raw, 'model')!
      expect(JSON.parse(raw.toString('utf8', span.start, span.end))).toBe(model)
    }
  })
})
