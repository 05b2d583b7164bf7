import { describe, expect, it } from 'vitest'
import { applyChunk } from './chat-result'
import type { ChatChunk } from './chat-types'

const chunk = (delta: ChatChunk['choices'][number]['delta']): ChatChunk => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, finish_reason: null, delta }] })

describe('MCP tool progress in a streamed answer', () => {
  it('keeps each call at its latest status, beside the text', () => {
    const call = { id: 'call_1', server_label: 'everything', name: 'echo', arguments: '{"message":"hi"}' }
    let choices = applyChunk([], chunk({ svc_mcp_call: { ...call, status: 'in_progress' } }))
    expect(choices[0]!.mcpCalls).toEqual([{ ...call, status: 'in_progress' }])
    choices = applyChunk(choices, chunk({ svc_mcp_call: { ...call, status: 'completed' } }))
    choices = applyChunk(choices, chunk({ content: 'Echo: hi' }))
    expect(choices[0]).toMatchObject({ content: 'Echo: hi', mcpCalls: [{ ...call, status: 'completed' }] })
  })
})
