import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { OTHER_TEAM_KEY, TEAM_KEY } from '../../../../test/support/harness'
import { everythingStdio, flakyStdio, startEverythingHttp } from '../../../../test/support/mcp/mcp-servers'
import { scriptToolCall } from '../../../../test/support/mcp/scripted-tool-call'
import OpenAI from 'openai'

type Sent = { messages: Array<{ role: string; content?: unknown; tool_call_id?: string }>; tools?: Array<{ function: { name: string } }> }

describe('MCP tools in chat completions: the gateway runs the loop', () => {
  let h: ChatHarness
  let http: Awaited<ReturnType<typeof startEverythingHttp>>

  beforeAll(async () => {
    http = await startEverythingHttp()
    h = await startChatHarness({
      mcp_servers: [everythingStdio('everything'), { label: 'everything-http', url: http.url }, flakyStdio('flaky', 2)],
      teams: [
        { name: 'alpha', models: ['gpt-echo'], keys: [TEAM_KEY], mcp_servers: ['everything', 'everything-http', { label: 'flaky', allowed_tools: ['crash', 'hang', 'pid'] }] },
        { name: 'beta', models: ['gpt-echo'], keys: [OTHER_TEAM_KEY] },
      ],
      users: [],
    })
  })
  afterAll(async () => {
    await h?.close()
    await http?.close()
  })

  const sent = (i: number) => h.openai.requests.filter((r) => r.url.endsWith('/chat/completions'))[i]!.json as unknown as Sent
  const rowOf = (id: string | null) =>
    vi.waitFor(() => {
      const row = id ? h.gw.store.usage.get(id) : undefined
      if (!row || row.state === 'started') throw new Error('not settled yet')
      return row
    })

  for (const label of ['everything', 'everything-http']) {
    it(`${label}: a whole answer comes after the server's real echo went back to the model`, async () => {
      const before = h.openai.requests.length
      scriptToolCall(h.openai, `${label}__echo`, { message: 'hello from the model' })
      const { data, response } = await h.client.chat.completions
        .create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'say hi through the tool' }], tools: [{ type: 'mcp', server_label: label, allowed_tools: ['echo'] } as never] })
        .withResponse()
      const first = h.openai.requests[before]!.json as unknown as Sent
      expect(first.tools!.map((t) => t.function.name)).toEqual([`${label}__echo`])
      const second = h.openai.requests[before + 1]!.json as unknown as Sent
      expect(second.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_mcp_1', content: 'Echo: hello from the model' })
      expect(data.choices[0]!.message.content).toBe('echo: Echo: hello from the model')
      const row = await rowOf(response.headers.get('x-request-id'))
      expect(row.tools).toEqual([expect.objectContaining({ type: 'mcp', name: `${label}/echo`, status: 'ok', input: '{"message":"hello from the model"}' })])
      // both rounds are billed
      expect(row.promptTokens).toBeGreaterThan(20)
    })

    it(`${label}: a stream shows the call as it runs and ends with the answer made from its result`, async () => {
      const before = h.openai.requests.length
      scriptToolCall(h.openai, `${label}__get-sum`, { a: 2, b: 40 })
      const { data: stream, response } = await h.client.chat.completions
        .create({ model: 'gpt-echo', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'add 2 and 40' }], tools: [{ type: 'mcp', server_label: label, allowed_tools: ['get-sum'] } as never] })
        .withResponse()
      const progress: unknown[] = []
      let text = ''
      let finish = ''
      for await (const chunk of stream) {
        const choice = chunk.choices[0]
        const call = (choice?.delta as { svc_mcp_call?: unknown } | undefined)?.svc_mcp_call
        if (call) progress.push(call)
        text += choice?.delta.content ?? ''
        if (choice?.delta.tool_calls) throw new Error('the client saw the MCP tool call')
        finish = choice?.finish_reason ?? finish
      }
      const second = h.openai.requests[before + 1]!.json as unknown as Sent
      expect(second.messages.at(-1)).toMatchObject({ role: 'tool', content: 'The sum of 2 and 40 is 42.' })
      expect(text).toBe('echo: The sum of 2 and 40 is 42.')
      expect(finish).toBe('stop')
      expect(progress).toEqual([
        { id: 'call_mcp_1', server_label: label, name: 'get-sum', arguments: '{"a":2,"b":40}', status: 'in_progress' },
        { id: 'call_mcp_1', server_label: label, name: 'get-sum', arguments: '{"a":2,"b":40}', status: 'completed' },
      ])
      const row = await rowOf(response.headers.get('x-request-id'))
      expect(row.tools).toEqual([expect.objectContaining({ type: 'mcp', name: `${label}/get-sum`, status: 'ok' })])
    })
  }

  it('a server that crashes mid-call gives the model a tool error, and a fresh process answers the next call', async () => {
    scriptToolCall(h.openai, 'flaky__pid', {})
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'pid?' }], tools: [{ type: 'mcp', server_label: 'flaky' } as never] })
    const pidBefore = String(sent(h.openai.requests.length - 1).messages.at(-1)!.content)
    expect(pidBefore).toMatch(/^pid \d+$/)

    scriptToolCall(h.openai, 'flaky__crash', {})
    const { data, response } = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'crash' }], tools: [{ type: 'mcp', server_label: 'flaky' } as never] }).withResponse()
    expect(response.status).toBe(200)
    const toolMessage = sent(h.openai.requests.length - 1).messages.at(-1)!
    expect(toolMessage).toMatchObject({ role: 'tool', content: expect.stringMatching(/^Error: The MCP server "flaky" failed to run crash: .*closed/i) })
    expect(data.choices[0]!.message.content).toContain('Error: The MCP server "flaky" failed to run crash')
    const row = await rowOf(response.headers.get('x-request-id'))
    expect(row.tools).toEqual([expect.objectContaining({ name: 'flaky/crash', status: 'error' })])

    scriptToolCall(h.openai, 'flaky__pid', {})
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'pid again?' }], tools: [{ type: 'mcp', server_label: 'flaky' } as never] })
    const pidAfter = String(sent(h.openai.requests.length - 1).messages.at(-1)!.content)
    expect(pidAfter).toMatch(/^pid \d+$/)
    expect(pidAfter).not.toBe(pidBefore)
  })

  it('a server that hangs is cut at its time-out and the model is told so', async () => {
    scriptToolCall(h.openai, 'flaky__hang', {})
    const { response } = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'hang' }], tools: [{ type: 'mcp', server_label: 'flaky' } as never] }).withResponse()
    expect(response.status).toBe(200)
    expect(sent(h.openai.requests.length - 1).messages.at(-1)).toMatchObject({ role: 'tool', content: 'Error: The MCP server "flaky" failed to run hang: it did not answer within 2s' })
  })

  it('a tool outside the team allow-list is not offered to the model', async () => {
    const before = h.openai.requests.length
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'mcp', server_label: 'flaky' } as never], tool_choice: 'none' })
    expect((h.openai.requests[before]!.json as unknown as Sent).tools!.map((t) => t.function.name).sort()).toEqual(['flaky__crash', 'flaky__hang', 'flaky__pid'])
  })

  it("a team cannot reach another team's servers: the label is unknown to it", async () => {
    const beta = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: OTHER_TEAM_KEY, maxRetries: 0 })
    const err = await beta.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'mcp', server_label: 'everything' } as never] }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(OpenAI.BadRequestError)
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('tools[0].server_label')
    expect((err as Error).message).toContain('no MCP server "everything" is enabled for your team')
  })

  it('max_tool_rounds: the last call of the model may not call tools', async () => {
    const before = h.openai.requests.length
    scriptToolCall(h.openai, 'everything__echo', { message: 'once' })
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'mcp', server_label: 'everything', allowed_tools: ['echo'] } as never], max_tool_rounds: 2 } as never)
    const second = h.openai.requests[before + 1]!.json as { tool_choice?: string; max_tool_rounds?: number }
    expect(second.tool_choice).toBe('none')
    expect(second.max_tool_rounds).toBeUndefined()
  })

  it('max_tool_rounds is the gateway\'s even without an MCP tool: it never goes upstream', async () => {
    const before = h.openai.requests.length
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], max_tool_rounds: 3 } as never)
    const only = h.openai.requests[before]!.json as { max_tool_rounds?: number }
    expect(only).not.toHaveProperty('max_tool_rounds')
  })
})
