import type OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../test/support/local-chat-harness'
import { everythingStdio } from '../../../../test/support/mcp/mcp-servers'

/**
 * The MCP tool loop on the local llama model (stories260K): the grammar forces a valid call of
 * server-everything's get-sum, the gateway runs it on the real server and calls the model again with
 * the result, and the usage row lists the call. What the model then says is story-like nonsense; the
 * tool's answer reaching it shows as the second round's prompt, which the row's tokens count.
 */
describe('MCP tools on the local model', () => {
  let h: LocalChatHarness
  beforeAll(async () => {
    h = await startLocalChatHarness({ engines: { llama_concurrency: 1, llama_max_models: 1 }, team: { mcp_servers: ['everything'] }, mcp: [everythingStdio('everything')] })
  })
  afterAll(async () => h?.close())

  const request = {
    model: 'stories',
    messages: [{ role: 'user' as const, content: 'Add two numbers.' }],
    seed: 3,
    max_completion_tokens: 60,
    tools: [{ type: 'mcp', server_label: 'everything', allowed_tools: ['get-sum'] } as never],
    tool_choice: { type: 'function' as const, function: { name: 'everything__get-sum' } },
    max_tool_rounds: 2,
  }

  it('runs a grammar-constrained call on the MCP server and answers after it, whole', async () => {
    const solo = await h.client.chat.completions.create({ model: 'stories', messages: request.messages, seed: 3, max_completion_tokens: 60 })
    const { data, response } = await h.client.chat.completions.create(request as never).withResponse()
    const res = data as OpenAI.ChatCompletion
    expect(res.choices[0]!.finish_reason).not.toBe('tool_calls')
    expect(res.choices[0]!.message.tool_calls ?? []).toEqual([])
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row.tools).toEqual([expect.objectContaining({ type: 'mcp', name: 'everything/get-sum', status: 'ok' })])
    const args = JSON.parse(row.tools[0]!.input) as { a: unknown; b: unknown }
    expect([typeof args.a, typeof args.b]).toEqual(['number', 'number'])
    // two rounds billed, the second one's prompt holding the call and "The sum of ... is ..."
    expect(row.promptTokens).toBeGreaterThan(2 * solo.usage!.prompt_tokens)
  })

  it('shows the call in a stream and ends with text', async () => {
    const { data, response } = await h.client.chat.completions.create({ ...request, stream: true } as never).withResponse()
    const stream = data as unknown as AsyncIterable<OpenAI.ChatCompletionChunk>
    const statuses: string[] = []
    let finish: string | null = null
    for await (const chunk of stream) {
      const call = (chunk.choices[0]?.delta as { svc_mcp_call?: { status: string } } | undefined)?.svc_mcp_call
      if (call) statuses.push(call.status)
      if (chunk.choices[0]?.delta.tool_calls) throw new Error('the client saw the MCP call')
      finish = chunk.choices[0]?.finish_reason ?? finish
    }
    expect(statuses).toEqual(['in_progress', 'completed'])
    expect(finish).not.toBe('tool_calls')
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row.tools).toEqual([expect.objectContaining({ name: 'everything/get-sum', status: 'ok' })])
  })
})
