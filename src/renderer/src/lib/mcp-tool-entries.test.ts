import { describe, expect, it } from 'vitest'
import { mcpLabelsIn, withMcpServer } from './mcp-tool-entries'

describe('MCP entries in the playground tools text', () => {
  it('switches a server on and off, keeping the other tools', () => {
    const fn = { type: 'function', function: { name: 'f' } }
    const on = withMcpServer(JSON.stringify([fn]), 'everything', true)!
    expect(JSON.parse(on)).toEqual([fn, { type: 'mcp', server_label: 'everything' }])
    expect(mcpLabelsIn(on)).toEqual(['everything'])
    expect(JSON.parse(withMcpServer(on, 'everything', false)!)).toEqual([fn])
    expect(withMcpServer(withMcpServer('', 'a', true)!, 'a', false)).toBe('')
  })
  it('leaves text that is not a JSON array alone', () => {
    expect(withMcpServer('{not json', 'a', true)).toBeNull()
    expect(mcpLabelsIn('{not json')).toEqual([])
  })
})
