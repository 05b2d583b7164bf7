import { ApiError } from '../api/api-error'
import type { Agent, Conversation, GatewayStatus, IssuedKey, IssuedOAuthClient, KeyInfo, ModelInfo, OAuthClientInfo, TeamInfo, WebSessionInfo } from '../../../shared/admin-wire'
import type { ChatCallOptions } from '../api/chat-client'
import { emptyChoice, type ChatResult, type ChoiceResult } from '../api/chat-result'
import type { ChatRequestBody } from '../api/chat-types'
import type { GatewayApi } from '../api/gateway-api'
import type { HubApi } from '../api/hub-api'
import { createAppStore } from '../stores/app-store'
import { fakeManageApi, type FakeRows } from './fake-manage-api'
import { fakeStudioApi } from './fake-studio-api'
import { fakeToolsApi } from './fake-tools-api'
import { fakeMcpApi } from './fake-mcp-api'
import { fakeGovernanceApi } from './fake-governance-api'

export const TEAM: TeamInfo = { id: 'team-1', name: 'default', models: null, fallbacks: {}, use_fallbacks: true, source: 'config', created_at: 1 }
export const MODELS: ModelInfo[] = [
  { id: 'mid-1', name: 'gpt-echo', provider: 'up', upstream: 'gpt-4o-mini', engine: null, kind: 'chat', file: null, aliases: ['echo'], pricing: { input: 1000, output: 2000 }, source: 'config', created_at: 1 },
  { id: 'mid-2', name: 'other', provider: 'up', upstream: 'other-up', engine: null, kind: 'chat', file: null, aliases: [], pricing: {}, source: 'config', created_at: 1 },
  { id: 'mid-3', name: 'voice', provider: 'local', upstream: null, engine: 'tts', kind: 'speech', file: null, aliases: [], pricing: {}, source: 'config', created_at: 1 },
]

export const choice = (content: string, extra: Partial<ChoiceResult> = {}): ChoiceResult => ({ ...emptyChoice(0), content, finishReason: 'stop', ...extra })

export const result = (choices: ChoiceResult[], model = 'gpt-echo'): ChatResult => ({
  choices,
  meta: { requestedModel: model, responseModel: model, modelId: 'mid-1', serverMs: 12, fallbacksUsed: [], latencyMs: 20, firstTokenMs: 5, usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, svc_credits_cost: 0.01 }, stopped: false },
})

export type ChatHandler = (body: ChatRequestBody, opts: ChatCallOptions) => Promise<ChatResult>

/** An in-memory gateway: enough of the admin API for the stores, and a chat whose answers the test scripts. */
export function fakeGatewayApi(chat: ChatHandler = async (body) => result([choice(`echo: ${JSON.stringify(body.messages.at(-1))}`)])) {
  const calls: { body: ChatRequestBody; apiKey: string }[] = []
  const keys: KeyInfo[] = []
  const conversations = new Map<string, Conversation>()
  const rows: FakeRows = {
    models: structuredClone(MODELS),
    providers: [{ id: 'up', type: 'openai', base_url: 'http://up', has_api_key: true, api_key_env: null, source: 'config', created_at: 1 }, { id: 'local', type: 'local', base_url: null, has_api_key: false, api_key_env: null, source: 'config', created_at: 1 }],
    teams: [structuredClone(TEAM)],
    agents: [],
    localModels: [],
    users: [],
  }
  const agents = rows.agents
  const managed = fakeManageApi(rows, (input) =>
    input.api_key === 'bad' ? { ok: false, status: 401, latency_ms: 3, error: 'The provider answered 401.', models: [] } : { ok: true, status: 200, latency_ms: 3, error: null, models: [{ id: 'up-a' }, { id: 'up-b' }] },
  )
  let n = 0
  const status: GatewayStatus = { version: 't', config_source: 'test', credits: { balance: 100 }, counts: { providers: 1, models: 3, teams: 1, keys: 0 } }
  const issue = (teamId: string): IssuedKey => {
    n++
    const info: KeyInfo = { id: `key-${n}`, kind: 'team', team_id: teamId, user_id: null, hint: `gth-team-…k${n}`, name: 'Playground', status: 'active', source: 'admin', created_at: 1, expires_at: null, deprecated_at: null, replaced_by: null, revoked_at: null, last_used_at: null }
    keys.push(info)
    return { ...info, key: `gth-team-secret-${n}` }
  }
  const governance = fakeGovernanceApi(rows, () => keys)
  const api: GatewayApi & { calls: typeof calls; chatHandler: ChatHandler; conversationsStore: typeof conversations; rows: FakeRows; emit: typeof managed.emit; healthy: boolean; healthProblems: string[]; webSessionsList: WebSessionInfo[]; oauthClientsList: OAuthClientInfo[]; governance: typeof governance } = {
    ...managed.manage,
    ...governance.api,
    governance,
    ...managed.local,
    ...fakeStudioApi(),
    ...fakeToolsApi(),
    ...fakeOllamaSettingsApi(),
    ...fakeMcpApi(),
    ...fakeHubApi(),
    cluster: async () => ({ store: { engine: 'sqlite' as const, path: '/data/gatehouse.db' }, shared: false, instance_id: 'gw_one', instances: [{ id: 'gw_one', host: 'desk', pid: 42, version: '0.1.0', url: 'http://127.0.0.1:4310', started_at: Date.now() - 120_000, heartbeat_at: Date.now() }] }),
    connection: { mode: 'web', baseUrl: 'http://127.0.0.1:4310' },
    rows,
    emit: managed.emit,
    healthy: true,
    healthProblems: [],
    health: async () => {
      if (!api.healthy) throw new ApiError('Cannot reach the gateway (Failed to fetch).', { status: 0, code: 'network_error' })
      return { status: api.healthProblems.length ? 'degraded' : 'ok', problems: [...api.healthProblems] }
    },
    calls,
    chatHandler: chat,
    conversationsStore: conversations,
    status: async () => structuredClone(status),
    signIn: async (token) => {
      if (token !== 'admin-token') throw new ApiError('no', { status: 401 })
    },
    signOut: async () => undefined,
    webSessionsList: [
      { id: 'ws-1', user_agent: 'Firefox on Linux', created_at: 1_790_000_000, last_seen_at: 1_790_000_100, expires_at: 1_792_592_000, current: true },
      { id: 'ws-2', user_agent: 'Safari on macOS', created_at: 1_789_000_000, last_seen_at: 1_789_500_000, expires_at: 1_791_592_000, current: false },
    ] as WebSessionInfo[],
    webSessions: async () => structuredClone(api.webSessionsList),
    oauthClientsList: [] as OAuthClientInfo[],
    oauthClients: async () => structuredClone(api.oauthClientsList),
    createOAuthClient: async (input) => {
      n++
      const info: OAuthClientInfo = { client_id: `gth-client-${n}`, kind: input.user_id ? 'user' : 'team', team_id: input.team_id ?? TEAM.id, user_id: input.user_id ?? null, name: input.name ?? null, scopes: input.scopes ?? ['chat', 'messages', 'files', 'audio'], token_ttl_seconds: input.token_ttl_seconds ?? 3600, secret_hint: `gth-cs-…s${n}`, status: 'active', created_at: 1, secret_rotated_at: 1, revoked_at: null, last_used_at: null }
      api.oauthClientsList.push(info)
      return { ...info, client_secret: `gth-cs-secret-${n}` } satisfies IssuedOAuthClient
    },
    rotateOAuthClient: async (id) => {
      n++
      const info = api.oauthClientsList.find((c) => c.client_id === id)!
      info.secret_hint = `gth-cs-…s${n}`
      return { ...structuredClone(info), client_secret: `gth-cs-secret-${n}` }
    },
    revokeOAuthClient: async (id) => {
      const info = api.oauthClientsList.find((c) => c.client_id === id)!
      info.status = 'revoked'
      return structuredClone(info)
    },
    endWebSession: async (id) => {
      api.webSessionsList = api.webSessionsList.filter((w) => w.id !== id)
    },
    signOutEverywhere: async () => {
      const n = api.webSessionsList.length
      api.webSessionsList = []
      return n
    },
    addCredits: async (amount) => ({ balance: (status.credits.balance += amount) }),
    models: async () => structuredClone(rows.models),
    providers: async () => structuredClone(rows.providers),
    teams: async () => structuredClone(rows.teams),
    users: async () => structuredClone(rows.users),
    keys: async () => structuredClone(keys),
    createKey: async (input) => {
      const issued = issue(input.team_id ?? TEAM.id)
      if (input.name) keys.at(-1)!.name = input.name
      return { ...issued, name: input.name ?? issued.name }
    },
    rotateKey: async (id) => {
      const old = keys.find((k) => k.id === id)!
      old.status = 'deprecated'
      const next = issue(old.team_id!)
      old.replaced_by = next.id
      return next
    },
    revokeKey: async (id) => {
      const k = keys.find((x) => x.id === id)!
      k.status = 'revoked'
      return k
    },
    agents: async () => structuredClone(agents),
    createAgent: async (input) => {
      const a: Agent = { id: `agent-${agents.length + 1}`, object: 'agent', name: input.name, model: input.model, system_prompt: input.system_prompt ?? null, params: input.params ?? {}, tools: input.tools ?? [], created_at: 1 }
      agents.push(a)
      return a
    },
    deleteAgent: async (id) => void agents.splice(agents.findIndex((a) => a.id === id), 1),
    usage: async () => [],
    conversations: async (q) =>
      [...conversations.values()].filter((c) => !q.q || c.title.toLowerCase().includes(q.q.toLowerCase())).reverse().map(({ data: _d, ...s }) => s),
    conversation: async (id) => {
      const c = conversations.get(id)
      if (!c) throw new ApiError('No conversation', { status: 404, code: 'conversation_not_found' })
      return structuredClone(c)
    },
    createConversation: async (body) => {
      const id = `conv-${conversations.size + 1}`
      const data = structuredClone(body.data) as Record<string, unknown>
      const first = (data.messages as { role: string; content: string }[]).find((m) => m.role === 'user')
      const c: Conversation = { id, title: body.title ?? first?.content ?? 'Untitled', model: body.model ?? null, message_count: (data.messages as unknown[]).length, created_at: 1, updated_at: 1, data }
      conversations.set(id, c)
      return structuredClone(c)
    },
    updateConversation: async (id, body) => {
      const c = conversations.get(id)!
      const next = { ...c, ...(body.title ? { title: body.title } : {}), ...(body.data ? { data: structuredClone(body.data) as Record<string, unknown> } : {}) }
      conversations.set(id, next)
      return structuredClone(next)
    },
    deleteConversation: async (id) => void conversations.delete(id),
    files: async () => [],
    uploadFile: async () => {
      throw new Error('not in the fake')
    },
    deleteFile: async () => undefined,
    fileContentUrl: (id) => `/v1/files/${id}/content`,
    fetchFileContent: async () => new Blob(),
    speech: async () => new Blob(),
    chat: async (body, opts) => {
      calls.push({ body: structuredClone(body), apiKey: opts.apiKey })
      return api.chatHandler(body, opts)
    },
  }
  return api
}

/** A store over the fake gateway, with a Map for storage. */
export function testStore(api = fakeGatewayApi()) {
  const data = new Map<string, string>()
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) }
  return { store: createAppStore({ api, storage }), api, storage: data }
}

/** Ollama keyless access, kept in memory as the gateway keeps it. */
function fakeOllamaSettingsApi() {
  let keyless = { enabled: false, team: null as string | null, creditCeiling: 0 }
  return {
    ollamaKeyless: async () => keyless,
    setOllamaKeyless: async (input: typeof keyless) => (keyless = input),
  }
}

/** The hub and engines calls: an empty hub, and llama.cpp on the CPU with nothing loaded. */
function fakeHubApi(): HubApi {
  return {
    searchHub: async () => [],
    hubFiles: async (repo) => ({ repo, kind: 'chat', machine: { backend: 'cpu', vram_free_bytes: null, ram_total_bytes: 16 * 1024 ** 3 }, header: null, header_error: null, data: [] }),
    downloadHubFile: async () => undefined,
    resumeHubDownload: async () => undefined,
    hubDownloads: async () => [],
    engines: async () => ({ llama: null, engines: [] }),
  }
}
