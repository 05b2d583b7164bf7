import { describe, expect, it } from 'vitest'
import { collectCacheBreakpoints, type CacheBreakpoint } from './cache-breakpoints'
import { readFixture, requestFixtures } from './fixtures/messages-fixtures'

const parse = (file: string) => JSON.parse(readFixture(file).toString('utf8')) as Record<string, unknown>

describe('collectCacheBreakpoints', () => {
  it.each(requestFixtures.map((f) => [f.file, f] as const))('lists the breakpoints of %s', (_file, fixture) => {
    expect(collectCacheBreakpoints(parse(fixture.file))).toEqual(fixture.cacheBreakpoints)
  })

  it('the fixtures cover every cacheable place of spec 2.5 with both ttls', () => {
    const all: CacheBreakpoint[] = requestFixtures.flatMap((f) => collectCacheBreakpoints(parse(f.file)))
    const places = ['system', 'text', 'image', 'document', 'tool_use', 'tool_result', 'search_result', 'server_tool_use', 'web_search_tool_result', 'tool', 'top-level']
    for (const on of places) {
      for (const ttl of ['5m', '1h'] as const) {
        expect(all.some((b) => b.on === on && b.ttl === ttl), `${on} with ttl ${ttl}`).toBe(true)
      }
    }
    expect(all.some((b) => b.ttl === null)).toBe(true)
  })

  it('the fixtures keep 1h breakpoints before 5m ones, as the upstream requires', () => {
    for (const fixture of requestFixtures) {
      const ttls = fixture.cacheBreakpoints.map((b) => b.ttl ?? '5m')
      const first5m = ttls.indexOf('5m')
      expect(first5m === -1 || !ttls.slice(first5m).includes('1h'), fixture.file).toBe(true)
    }
  })

  it('the fixtures hold thinking, redacted_thinking, every document source and both image sources', () => {
    const bodies = requestFixtures.map((f) => parse(f.file))
    expect(bodies.some((body) => body.max_tokens === 0)).toBe(true)
    const blocks = bodies.flatMap(allBlocks)
    expect(blocks.some((b) => b.type === 'thinking')).toBe(true)
    expect(blocks.some((b) => b.type === 'redacted_thinking')).toBe(true)
    const sources = (type: string) =>
      new Set(blocks.filter((b) => b.type === type && 'source' in b).map((b) => (b.source as { type: string }).type))
    expect(sources('document')).toEqual(new Set(['base64', 'url', 'text', 'content']))
    expect(sources('image')).toEqual(new Set(['base64', 'url']))
  })

  it('skips null markers and walks nested block arrays', () => {
    const body = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a', cache_control: null },
            {
              type: 'tool_result',
              tool_use_id: 't',
              content: [{ type: 'document', source: { type: 'content', content: [{ type: 'text', text: 'deep', cache_control: { type: 'ephemeral' } }] } }],
            },
          ],
        },
      ],
    }
    expect(collectCacheBreakpoints(body)).toEqual([
      { path: 'messages.0.content.1.content.0.source.content.0.cache_control', on: 'text', ttl: null },
    ])
  })
})

function allBlocks(body: Record<string, unknown>): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = []
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>
      if (typeof record.type === 'string') found.push(record)
      Object.values(record).forEach(visit)
    }
  }
  visit(body.messages)
  return found
}
