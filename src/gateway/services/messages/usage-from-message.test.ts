import { describe, expect, it } from 'vitest'
import { applyUsageDelta, emptyUsage, readUsage } from './anthropic-usage'
import { readFixture, responseFixtures } from './fixtures/messages-fixtures'
import { usageFromMessage, usageFromMessageBody } from './usage-from-message'

describe('usageFromMessage', () => {
  it.each(responseFixtures.map((f) => [f.file, f] as const))('reads the usage of %s', (_file, fixture) => {
    const raw = readFixture(fixture.file)
    expect(usageFromMessageBody(raw)).toEqual(fixture.usage)
    expect(usageFromMessage(JSON.parse(raw.toString('utf8')))).toEqual(fixture.usage)
  })

  it('reads an older usage without cache fields as zeros and no TTL breakdown', () => {
    expect(usageFromMessage({ type: 'message', usage: { input_tokens: 10, output_tokens: 3 } })).toEqual({
      ...emptyUsage(),
      inputTokens: 10,
      outputTokens: 3,
    })
  })

  it('reads null cache counts as zero', () => {
    const usage = readUsage({ input_tokens: 5, output_tokens: 1, cache_creation_input_tokens: null, cache_read_input_tokens: null, cache_creation: null })
    expect(usage).toEqual({ ...emptyUsage(), inputTokens: 5, outputTokens: 1 })
  })

  it('returns null for bodies that are not messages with usage', () => {
    expect(usageFromMessage(null)).toBeNull()
    expect(usageFromMessage({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toBeNull()
    expect(usageFromMessageBody('not json')).toBeNull()
    expect(usageFromMessageBody(Buffer.from('[1,2]'))).toBeNull()
  })

  it('ignores counts that are not non-negative numbers', () => {
    expect(readUsage({ input_tokens: '12', output_tokens: -4, cache_read_input_tokens: 7 })).toEqual({ ...emptyUsage(), cacheReadInputTokens: 7 })
  })
})

describe('applyUsageDelta', () => {
  it('replaces present counts (they are cumulative) and keeps absent or null ones', () => {
    const start = readUsage({
      input_tokens: 100,
      output_tokens: 1,
      cache_creation_input_tokens: 50,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 20, ephemeral_1h_input_tokens: 30 },
    })!
    const next = applyUsageDelta(start, { output_tokens: 40, input_tokens: null, server_tool_use: { web_search_requests: 2 } })
    expect(next).toEqual({ ...start, outputTokens: 40, webSearchRequests: 2 })
    expect(start.outputTokens).toBe(1)
  })
})
