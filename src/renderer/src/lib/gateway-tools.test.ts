import { describe, expect, it } from 'vitest'
import { toolSchema } from '../../../shared/chat/tool-schemas'
import { attachedCollection, hasWebSearch, withCollection, withWebSearch } from './gateway-tools'

const fn = JSON.stringify([{ type: 'function', function: { name: 'get_weather' } }])

describe('the tools panel builds the gateway-run tools for the user (issue 22)', () => {
  it('turns web search on and off, keeping the other tools', () => {
    const on = withWebSearch(fn, true)!
    expect(hasWebSearch(on)).toBe(true)
    expect(JSON.parse(on)).toEqual([{ type: 'function', function: { name: 'get_weather' } }, { type: 'web_search' }])
    expect(JSON.parse(withWebSearch(on, false)!)).toEqual(JSON.parse(fn))
    expect(withWebSearch('', true)).toBe('[\n  {\n    "type": "web_search"\n  }\n]')
  })

  it('attaches one collection at a time, as a rag tool the gateway accepts', () => {
    const one = withCollection('', 'col-1')!
    const two = withCollection(one, 'col-2')!
    expect(attachedCollection(two)).toBe('col-2')
    const tools = JSON.parse(two) as unknown[]
    expect(tools).toHaveLength(1)
    expect(toolSchema.safeParse(tools[0]).success).toBe(true)
    expect(withCollection(two, null)).toBe('')
  })

  it('leaves text that is not a tools array alone', () => {
    expect(withWebSearch('{"oops"', true)).toBeNull()
    expect(withCollection('{}', 'col-1')).toBeNull()
  })
})
