import type Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { TEAM_KEY } from '../../../../test/support/harness'
import { everythingStdio } from '../../../../test/support/mcp/mcp-servers'
import { scriptToolCall } from '../../../../test/support/mcp/scripted-tool-call'

type Sent = { messages: Array<{ role: string; content?: unknown; tool_call_id?: string }>; tools?: Array<{ function: { name: string } }> }

/**
 * The `mcp` tool entry through the Messages and Responses fronts (issue 25), driven by the official
 * clients: the fronts hand it to the chat service, which runs the loop against server-everything over
 * stdio, with a fake upstream scripted to call the tool.
 */
describe('MCP tools through /v1/messages and /v1/responses', () => {
  let h: ChatHarness
  const mcpEcho = { type: 'mcp', server_label: 'everything', allowed_tools: ['echo'] }

  beforeAll(async () => {
    h = await startChatHarness({
      mcp_servers: [everythingStdio('everything')],
      teams: [{ name: 'alpha', models: ['gpt-echo', 'claude-echo'], keys: [TEAM_KEY], mcp_servers: ['everything'] }],
      users: [],
    })
  })
  afterAll(async () => {
    await h?.close()
  })

  const sentAfter = (before: number, i: number) => h.openai.requests.filter((r, j) => j >= before && r.url.endsWith('/chat/completions'))[i]!.json as unknown as Sent

  for (const stream of [false, true]) {
    it(`Messages on a translated model${stream ? ', streamed' : ''}: the answer is made from the server's real echo`, async () => {
      const before = h.openai.requests.length
      scriptToolCall(h.openai, 'everything__echo', { message: 'hello from claude-ish' })
      const body = { model: 'gpt-echo', max_tokens: 200, messages: [{ role: 'user' as const, content: 'say hi through the tool' }], tools: [mcpEcho as unknown as Anthropic.Tool] }
      let text: string
      if (stream) {
        const s = h.anthropicClient.messages.stream(body)
        text = (await s.finalMessage()).content.map((b) => (b.type === 'text' ? b.text : '')).join('')
      } else {
        const message = await h.anthropicClient.messages.create(body)
        expect(message.stop_reason).toBe('end_turn')
        expect(message.content.some((b) => b.type === 'tool_use')).toBe(false)
        text = message.content.map((b) => (b.type === 'text' ? b.text : '')).join('')
      }
      expect(sentAfter(before, 0).tools!.map((t) => t.function.name)).toEqual(['everything__echo'])
      expect(sentAfter(before, 1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Echo: hello from claude-ish' })
      expect(text).toBe('echo: Echo: hello from claude-ish')
    })

    it(`Responses takes the mcp entry as is${stream ? ', streamed' : ''}: the answer is made from the server's real echo`, async () => {
      const before = h.openai.requests.length
      scriptToolCall(h.openai, 'everything__echo', { message: 'hello from responses' })
      const body = { model: 'gpt-echo', input: 'say hi through the tool', tools: [{ type: 'mcp' as const, server_label: 'everything', allowed_tools: ['echo'], require_approval: 'never' as const }] }
      let text: string
      if (stream) {
        const s = h.client.responses.stream(body)
        text = (await s.finalResponse()).output_text
      } else {
        const response = await h.client.responses.create(body)
        expect(response.status).toBe('completed')
        expect(response.output.some((o) => o.type === 'function_call')).toBe(false)
        text = response.output_text
      }
      expect(sentAfter(before, 0).tools!.map((t) => t.function.name)).toEqual(['everything__echo'])
      expect(sentAfter(before, 1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Echo: hello from responses' })
      expect(text).toBe('echo: Echo: hello from responses')
    })
  }

  it('Messages on an Anthropic model (the body goes upstream as sent) refuses an mcp entry, naming it and what to do', async () => {
    const before = h.anthropic.requests.length
    const err = await h.anthropicClient.messages
      .create({ model: 'claude-echo', max_tokens: 50, messages: [{ role: 'user', content: 'x' }], tools: [{ name: 'f', input_schema: { type: 'object' } }, mcpEcho as unknown as Anthropic.Tool] })
      .catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 400, error: { error: { type: 'invalid_request_error', message: expect.stringContaining('tools.1 is an MCP tool') } } })
    expect((err as Error).message).toContain('/v1/chat/completions')
    expect(h.anthropic.requests.length).toBe(before)
  })
})
