import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { fileURLToPath } from 'node:url'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { renderText } from '../../../../test/support/document-fixtures'
import { KNOWN_TRANSCRIPT } from '../../../../test/support/fake-openai'
import { startFakeWeb, type FakeWeb } from '../../../../test/support/fake-web'
import { ADMIN_TOKEN, OTHER_TEAM_KEY, TEAM_KEY } from '../../../../test/support/harness'

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

/** `/mcp` driven by the official MCP SDK client over streamable HTTP, as an MCP client would. */
describe('/mcp: the gateway as an MCP server', () => {
  let h: ChatHarness
  let web: FakeWeb
  let alpha: Client
  const ids = { mine: '', theirs: '', shared: '', recording: '', ownerRecording: '', betaRecording: '', audioFile: '', image: '' }

  const connect = async (key: string | null) => {
    const client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} } }))
    return client
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult
  const textOf = (r: CallToolResult) => r.content.map((b) => (b.type === 'text' ? b.text : '')).join('\n')
  const adminPost = async (url: string, body: unknown) => {
    const res = await h.gw.app.inject({ method: 'POST', url, headers: admin, payload: body as object })
    expect(res.statusCode, res.body).toBe(201)
    return res.json<{ id: string }>()
  }

  beforeAll(async () => {
    web = await startFakeWeb()
    h = await startChatHarness({
      tools: { web_search: { searxng_url: web.url, allow_private_addresses: true, timeout: '5s' } },
      models: [
        { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini' },
        { name: 'stt', provider: 'up-openai', upstream: 'whisper-1', kind: 'transcription', pricing: { per_second: 0.01 } },
      ],
      teams: [
        { name: 'alpha', models: ['gpt-echo', 'stt'], keys: [TEAM_KEY] },
        { name: 'beta', models: ['gpt-echo'], keys: [OTHER_TEAM_KEY] },
      ],
      users: [],
    })
    ids.mine = (await adminPost('/admin/collections', { name: 'alpha notes', team: 'alpha' })).id
    ids.theirs = (await adminPost('/admin/collections', { name: 'beta secrets', team: 'beta' })).id
    ids.shared = (await adminPost('/admin/collections', { name: 'handbook' })).id
    await adminPost(`/admin/collections/${ids.mine}/documents`, { name: 'zinc.md', text: 'The cats of Paris sleep on zinc roofs in the afternoon sun.' })
    await adminPost(`/admin/collections/${ids.theirs}/documents`, { name: 'plan.md', text: 'Beta keeps its zinc roof plans here.' })
    const recording = async (title: string, team: string | undefined, transcript: string) => {
      const rec = await adminPost('/admin/recordings', { title, sample_rate: 16000, ...(team ? { team } : {}) })
      await h.gw.app.inject({ method: 'PUT', url: `/admin/recordings/${rec.id}/chunks/0`, headers: { ...admin, 'content-type': 'application/octet-stream' }, payload: Buffer.alloc(32000) })
      await h.gw.app.inject({ method: 'PATCH', url: `/admin/recordings/${rec.id}`, headers: admin, payload: { state: 'complete', transcript: { text: transcript, segments: [] } } })
      return rec.id
    }
    ids.ownerRecording = await recording('Owner diary', undefined, 'A private note to myself.')
    ids.recording = await recording('Standup', 'alpha', 'We ship on Friday.')
    ids.betaRecording = await recording('Beta board', 'beta', 'Beta plans a price cut.')
    ids.audioFile = (await h.client.files.create({ file: await toFile(Buffer.from('RIFF fake audio'), 'memo.wav'), purpose: 'user_data' })).id
    ids.image = (await h.client.files.create({ file: await toFile(renderText(['HELLO MCP'], 'text-pdf'), 'hello.pdf'), purpose: 'user_data' })).id
    alpha = await connect(TEAM_KEY)
  })
  afterAll(async () => {
    await alpha?.close()
    await h?.close()
    await web?.close()
  })

  it('lists every tool of the gateway', async () => {
    const { tools } = await alpha.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(['list_collections', 'list_recordings', 'ocr_file', 'read_transcript', 'search_collection', 'transcribe', 'web_search'])
  })

  it("searches a collection of the caller's team; another team's collection is not found", async () => {
    const found = await call(alpha, 'search_collection', { collection_id: ids.mine, query: 'zinc roofs' })
    expect(found.isError).toBeFalsy()
    expect(textOf(found)).toContain('The cats of Paris sleep on zinc roofs')
    const theirs = await call(alpha, 'search_collection', { collection_id: ids.theirs, query: 'zinc roofs' })
    expect(theirs.isError).toBe(true)
    expect(textOf(theirs)).toContain(`No collection "${ids.theirs}" for your team`)
    const listed = await call(alpha, 'list_collections', {})
    expect((listed.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name).sort()).toEqual(['Recordings', 'alpha notes', 'handbook']) // Recordings: shared, its hits scoped to the team's recordings
  })

  it("the chat rag tool does not find another team's collection either", async () => {
    const err = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'zinc' }], tools: [{ type: 'rag', rag: { mcp: { collection_uuid: ids.theirs } } }] as never }).catch((e: unknown) => e)
    expect(err).toMatchObject({ status: 404, param: 'tools[0].rag.mcp.collection_uuid' })
    const mine = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'zinc' }], tools: [{ type: 'rag', rag: { mcp: { collection_uuid: ids.mine } } }] as never })
    expect(mine.choices[0]!.message.annotations?.length).toBeGreaterThan(0)
  })

  it('searches the web', async () => {
    const r = await call(alpha, 'web_search', { query: 'street cats' })
    expect(r.isError).toBeFalsy()
    expect(textOf(r)).toContain('Cats of Paris')
  })

  it('reads the text of a PDF (OCR tool)', async () => {
    const r = await call(alpha, 'ocr_file', { file_id: ids.image })
    expect(r.isError, textOf(r)).toBeFalsy()
    expect(textOf(r)).toContain('HELLO MCP')
  })

  it('transcribes a file and a recording, billed as transcriptions on the usage log', async () => {
    const before = h.gw.store.usage.list({ limit: 100 }).filter((u) => u.endpoint === 'audio.transcriptions').length
    const file = await call(alpha, 'transcribe', { model: 'stt', file_id: ids.audioFile })
    expect(file.isError, textOf(file)).toBeFalsy()
    expect(file.structuredContent).toMatchObject({ text: KNOWN_TRANSCRIPT.text })
    const rec = await call(alpha, 'transcribe', { model: 'stt', recording_id: ids.recording })
    expect(rec.structuredContent).toMatchObject({ text: KNOWN_TRANSCRIPT.text })
    const rows = h.gw.store.usage.list({ limit: 100 }).filter((u) => u.endpoint === 'audio.transcriptions')
    expect(rows.length - before).toBe(2)
    expect(rows[0]).toMatchObject({ teamId: h.gw.store.teams.getByName('alpha')!.id })
  })

  it('lists recordings and reads a transcript, as a tool and as a resource', async () => {
    const listed = await call(alpha, 'list_recordings', {})
    expect((listed.structuredContent as { recordings: Array<{ id: string; has_transcript: boolean }> }).recordings).toEqual([expect.objectContaining({ id: ids.recording, has_transcript: true })])
    expect(textOf(await call(alpha, 'read_transcript', { recording_id: ids.recording }))).toBe('We ship on Friday.')
    const resource = await alpha.readResource({ uri: `gatehouse://recordings/${ids.recording}/transcript` })
    expect(resource.contents[0]).toMatchObject({ text: 'We ship on Friday.' })
    const { resources } = await alpha.listResources()
    expect(resources.filter((r) => r.uri.startsWith('gatehouse://recordings/')).map((r) => r.uri)).toEqual([`gatehouse://recordings/${ids.recording}/transcript`])
  })

  it("neither another team's recordings nor the owner's (no team) are listed, read or transcribed", async () => {
    const listed = await call(alpha, 'list_recordings', {})
    expect((listed.structuredContent as { recordings: Array<{ id: string }> }).recordings.map((r) => r.id)).toEqual([ids.recording])
    const searched = await call(alpha, 'list_recordings', { query: 'beta' })
    expect((searched.structuredContent as { recordings: unknown[] }).recordings).toEqual([])
    for (const id of [ids.betaRecording, ids.ownerRecording]) {
      const read = await call(alpha, 'read_transcript', { recording_id: id })
      expect(read.isError).toBe(true)
      expect(textOf(read)).toContain(`No recording "${id}" for your team`)
      const transcribed = await call(alpha, 'transcribe', { model: 'stt', recording_id: id })
      expect(transcribed.isError).toBe(true)
      expect(textOf(transcribed)).toContain(`No recording "${id}" for your team`)
      await expect(alpha.readResource({ uri: `gatehouse://recordings/${id}/transcript` })).rejects.toThrow(/No recording/)
    }
  })

  it('takes a recording\'s team by name or id when it is made, and names the field for an unknown team', async () => {
    const bad = await h.gw.app.inject({ method: 'POST', url: '/admin/recordings', headers: admin, payload: { sample_rate: 16000, team: 'gamma' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { param: 'team', code: 'team_not_found', message: expect.stringContaining('no team "gamma"') } })
    const byId = await adminPost('/admin/recordings', { sample_rate: 16000, team: h.gw.store.teams.getByName('beta')!.id })
    expect(byId).toMatchObject({ team_id: h.gw.store.teams.getByName('beta')!.id })
    const form = new FormData()
    form.append('team', 'alpha')
    form.append('file', new Blob([Buffer.from('RIFF fake audio')], { type: 'audio/wav' }), 'memo.wav')
    const uploaded = await fetch(`${h.url}/admin/recordings/upload`, { method: 'POST', headers: admin, body: form })
    expect(uploaded.status).toBe(201)
    const upload = (await uploaded.json()) as { id: string; team_id: string }
    expect(upload.team_id).toBe(h.gw.store.teams.getByName('alpha')!.id)
    for (const id of [byId.id, upload.id]) await h.gw.app.inject({ method: 'DELETE', url: `/admin/recordings/${id}`, headers: admin })
  })

  it("lists collections as resources, the team's own and the shared ones", async () => {
    const { resources } = await alpha.listResources()
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining([`gatehouse://collections/${ids.mine}`, `gatehouse://collections/${ids.shared}`]))
    expect(resources.map((r) => r.uri)).not.toContain(`gatehouse://collections/${ids.theirs}`)
    const read = await alpha.readResource({ uri: `gatehouse://collections/${ids.mine}` })
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ name: 'alpha notes', documents: [expect.objectContaining({ name: 'zinc.md' })] })
    await expect(alpha.readResource({ uri: `gatehouse://collections/${ids.theirs}` })).rejects.toThrow(/No collection/)
  })

  /** An access token of alpha's OAuth client, with the scopes asked for (every scope when omitted). */
  const tokenFor = async (scope?: string) => {
    const created = await h.gw.app.inject({ method: 'POST', url: '/admin/oauth-clients', headers: admin, payload: { name: 'mcp client', team_id: h.gw.store.teams.getByName('alpha')!.id } })
    expect(created.statusCode, created.body).toBe(201)
    const { client_id, client_secret } = created.json<{ client_id: string; client_secret: string }>()
    const issued = await fetch(`${h.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret, ...(scope ? { scope } : {}) }).toString() })
    return ((await issued.json()) as { access_token: string }).access_token
  }

  it("takes an OAuth access token as its client's team, like /v1", async () => {
    const viaToken = await connect(await tokenFor())
    try {
      const listed = await call(viaToken, 'list_collections', {})
      expect((listed.structuredContent as { collections: Array<{ name: string }> }).collections.map((c) => c.name).sort()).toEqual(['Recordings', 'alpha notes', 'handbook'])
    } finally {
      await viaToken.close()
    }
  })

  it('a tool needs the scope its service needs on /v1: a files-only token cannot transcribe or search, and is told which scope', async () => {
    const filesOnly = await connect(await tokenFor('files'))
    const audioOnly = await connect(await tokenFor('audio'))
    try {
      const before = h.gw.store.usage.list({ limit: 100 }).length
      const transcribed = await call(filesOnly, 'transcribe', { model: 'stt', file_id: ids.audioFile })
      expect(transcribed.isError).toBe(true)
      expect(textOf(transcribed)).toContain('do not include "audio"')
      const searched = await call(filesOnly, 'search_collection', { collection_id: ids.mine, query: 'zinc' })
      expect(searched.isError).toBe(true)
      expect(textOf(searched)).toContain('do not include "chat"')
      expect(textOf(await call(filesOnly, 'read_transcript', { recording_id: ids.recording }))).toContain('do not include "audio"')
      await expect(filesOnly.readResource({ uri: `gatehouse://recordings/${ids.recording}/transcript` })).rejects.toThrow(/do not include "audio"/)
      expect((await filesOnly.listResources()).resources).toEqual([])
      expect(h.gw.store.usage.list({ limit: 100 }).length).toBe(before)

      const viaAudio = await call(audioOnly, 'transcribe', { model: 'stt', recording_id: ids.recording })
      expect(viaAudio.isError, textOf(viaAudio)).toBeFalsy()
      expect(viaAudio.structuredContent).toMatchObject({ text: KNOWN_TRANSCRIPT.text })
      expect(textOf(await call(audioOnly, 'web_search', { query: 'cats' }))).toContain('do not include "chat"')
    } finally {
      await filesOnly.close()
      await audioOnly.close()
    }
  })

  it('answers 401 without a key', async () => {
    const res = await fetch(`${h.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(`Bearer realm="Gatehouse", resource_metadata="${h.url}/.well-known/oauth-protected-resource/mcp"`)
    expect((await res.json()) as unknown).toMatchObject({ error: { code: 'missing_api_key' } })
    const metadata = await fetch(`${h.url}/.well-known/oauth-protected-resource/mcp`)
    expect(await metadata.json()).toMatchObject({ resource: `${h.url}/mcp`, authorization_servers: [h.url], scopes_supported: expect.arrayContaining(['chat', 'audio', 'files']) })
    const badToken = await fetch(`${h.url}/mcp`, { method: 'POST', headers: { authorization: 'Bearer gth-oat-nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' })
    expect(badToken.status).toBe(401)
    expect(badToken.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", .*, resource_metadata="/)
    const err = await connect(null).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 401, message: expect.stringContaining('No API key was sent') })
  })

  it('gatehouse-mcp bridges a stdio MCP client to /mcp with the key from GATEHOUSE_API_KEY', async () => {
    const bridge = fileURLToPath(new URL('../../../../bin/gatehouse-mcp.mjs', import.meta.url))
    const client = new Client({ name: 'stdio-only', version: '1.0.0' })
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bridge, '--url', h.url], env: { GATEHOUSE_API_KEY: TEAM_KEY }, stderr: 'pipe' }))
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('search_collection')
      const found = (await client.callTool({ name: 'search_collection', arguments: { collection_id: ids.mine, query: 'zinc' } })) as CallToolResult
      expect(textOf(found)).toContain('zinc roofs')
      const theirs = (await client.callTool({ name: 'search_collection', arguments: { collection_id: ids.theirs, query: 'zinc' } })) as CallToolResult
      expect(theirs.isError).toBe(true)
    } finally {
      await client.close()
    }
  })

  it('gatehouse-mcp without a key says what to set', async () => {
    const bridge = fileURLToPath(new URL('../../../../bin/gatehouse-mcp.mjs', import.meta.url))
    const client = new Client({ name: 'stdio-only', version: '1.0.0' })
    const transport = new StdioClientTransport({ command: process.execPath, args: [bridge, '--url', h.url], env: {}, stderr: 'pipe' })
    let stderr = ''
    transport.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    await expect(client.connect(transport)).rejects.toThrow()
    expect(stderr).toContain('GATEHOUSE_API_KEY is not set')
  })
})
