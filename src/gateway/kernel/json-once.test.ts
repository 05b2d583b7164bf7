import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptJson, takeJson } from './json-once'

afterEach(() => vi.restoreAllMocks())

describe('keptJson and takeJson', () => {
  it("hand on JSON.stringify's text of a value, made once, to one taker", () => {
    const messages = [{ role: 'user', content: 'a "quoted" line\n\tand a tab \u2028 é' }]
    const stringify = vi.spyOn(JSON, 'stringify')
    const kept = keptJson(messages)
    expect(keptJson(messages)).toBe(kept)
    expect(takeJson(messages)).toBe(kept)
    expect(stringify).toHaveBeenCalledTimes(1)
    expect(JSON.parse(kept)).toEqual(messages)
    // Taken, it is no longer held: a second taker serializes the value itself.
    expect(takeJson(messages)).toBe(kept)
    expect(stringify).toHaveBeenCalledTimes(2)
  })

  it('keep a text for its own value only, and only the last few', () => {
    const values = Array.from({ length: 6 }, (_, i) => [{ role: 'user', content: `message ${i}` }])
    const texts = values.map((v) => JSON.stringify(v))
    for (const v of values) keptJson(v)
    const stringify = vi.spyOn(JSON, 'stringify')
    expect(takeJson([...values[5]!])).toBe(texts[5])
    expect(values.map((v) => takeJson(v))).toEqual(texts)
    // The equal copy and the two oldest were serialized again; the last four were still held.
    expect(stringify).toHaveBeenCalledTimes(3)
  })
})
