import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin, TEAM_KEY } from '../../../../test/support/harness'

/** The MCP search tool over the "Recordings" collection, as a model would call it to cite "recording X at 12:31". */
describe('/mcp search_collection over recordings', () => {
  let h: ChatHarness
  const ids = { alpha: '', beta: '', owner: '' }

  async function recording(title: string, team?: string): Promise<string> {
    const json = { ...admin, 'content-type': 'application/json' }
    const started = await h.gw.app.inject({ method: 'POST', url: '/admin/recordings', headers: json, payload: { title, sample_rate: 16000, ...(team ? { team } : {}) } })
    const id = started.json<{ id: string }>().id
    const transcript = { text: 'Intro. The quokka survey starts in spring.', segments: [{ id: 0, start: 0, end: 3, text: ' Intro.' }, { id: 1, start: 751, end: 756.5, text: ' The quokka survey starts in spring.' }] }
    await h.gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${id}`, headers: json, payload: { transcript } })
    return id
  }

  beforeAll(async () => {
    h = await startChatHarness()
    ids.alpha = await recording('Field notes', 'alpha')
    ids.beta = await recording('Beta notes', 'beta')
    ids.owner = await recording('Owner notes')
  })
  afterAll(async () => h.close())

  it("returns the team's recording with the time it was said, and no other team's (nor the owner's)", async () => {
    const client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${TEAM_KEY}` } } }))
    const listed = (await client.callTool({ name: 'list_collections', arguments: {} })) as CallToolResult
    const collections = JSON.parse((listed.content[0] as { text: string }).text).collections as Array<{ id: string; name: string }>
    const recordings = collections.find((c) => c.name === 'Recordings')!
    const found = (await client.callTool({ name: 'search_collection', arguments: { collection_id: recordings.id, query: 'quokka survey' } })) as CallToolResult
    const text = (found.content[0] as { text: string }).text
    expect(text).toContain('[1] Field notes at 12:31')
    expect(text).toContain(`URL: gatehouse://recordings/${ids.alpha}#t=751,756.5`)
    expect(text).not.toContain(ids.beta)
    expect(text).not.toContain(ids.owner)
    await client.close()
  })
})
