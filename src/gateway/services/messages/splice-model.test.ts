import { describe, expect, it } from 'vitest'
import { randomMessagesBody, randomText, seededRandom } from './fixtures/random-json-bodies'
import { readFixture, requestFixtures } from './fixtures/messages-fixtures'
import { inspectMessagesBody } from './inspect-messages-body'
import { spliceModel } from './splice-model'

function expectOnlySpanChanged(raw: Buffer, spliced: Buffer, start: number, end: number, upstreamModel: string) {
  const literal = Buffer.from(JSON.stringify(upstreamModel), 'utf8')
  expect(spliced.length).toBe(raw.length - (end - start) + literal.length)
  expect(spliced.subarray(0, start).equals(raw.subarray(0, start))).toBe(true)
  expect(spliced.subarray(start, start + literal.length).equals(literal)).toBe(true)
  expect(spliced.subarray(start + literal.length).equals(raw.subarray(end))).toBe(true)
}

describe('spliceModel', () => {
  it('replaces only the model literal in every fixture', () => {
    for (const fixture of requestFixtures) {
      const raw = readFixture(fixture.file)
      const { modelValueSpan } = inspectMessagesBody(raw)
      const spliced = spliceModel(raw, modelValueSpan, 'claude-opus-4-1-20250805')
      expectOnlySpanChanged(raw, spliced, modelValueSpan.start, modelValueSpan.end, 'claude-opus-4-1-20250805')
      expect(JSON.parse(spliced.toString('utf8'))).toEqual({
        ...JSON.parse(raw.toString('utf8')),
        model: 'claude-opus-4-1-20250805',
      })
    }
  })

  it('escapes an upstream model name that needs it', () => {
    const raw = Buffer.from('{"model":"alias","max_tokens":1,"messages":[]}')
    const spliced = spliceModel(raw, { start: 9, end: 16 }, 'we"ird\\name é')
    expect(spliced.toString('utf8')).toBe('{"model":"we\\"ird\\\\name é","max_tokens":1,"messages":[]}')
    expect(JSON.parse(spliced.toString('utf8')).model).toBe('we"ird\\name é')
  })

  it('leaves the input Buffer untouched', () => {
    const raw = Buffer.from('{"model":"alias"}')
    const copy = Buffer.from(raw)
    spliceModel(raw, { start: 9, end: 16 }, 'upstream')
    expect(raw.equals(copy)).toBe(true)
  })

  it('refuses a span that is not a string literal in the body', () => {
    const raw = Buffer.from('{"model":"alias"}')
    expect(() => spliceModel(raw, { start: 10, end: 16 }, 'x')).toThrow(RangeError)
    expect(() => spliceModel(raw, { start: 9, end: 18 }, 'x')).toThrow(RangeError)
    expect(() => spliceModel(raw, { start: 9, end: 9 }, 'x')).toThrow(RangeError)
    expect(() => spliceModel(raw, { start: -1, end: 16 }, 'x')).toThrow(RangeError)
  })

  it('keeps every byte outside the span identical for 1000 random bodies', () => {
    const random = seededRandom(7)
    for (let i = 0; i < 1000; i++) {
      const { raw, model } = randomMessagesBody(random)
      const inspected = inspectMessagesBody(raw)
      expect(inspected.model).toBe(model)
      const upstreamModel = `up-${randomText(random, 5)}`
      const { start, end } = inspected.modelValueSpan
      const spliced = spliceModel(raw, inspected.modelValueSpan, upstreamModel)
      expectOnlySpanChanged(raw, spliced, start, end, upstreamModel)
      expect(JSON.parse(spliced.toString('utf8')).model).toBe(upstreamModel)
    }
  })
})
