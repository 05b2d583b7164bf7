import type {
  Agent,
  AgentInput,
  Conversation,
  ConversationSummary,
  FileObject,
  GatewayHealth,
  GatewayStatus,
  IssuedKey,
  IssuedOAuthClient,
  KeyInfo,
  ModelInfo,
  NewKeyInput,
  NewOAuthClientInput,
  OAuthClientInfo,
  ProviderInfo,
  TeamInfo,
  UsageRow,
  UserInfo,
  WebSessionInfo,
} from '../../../shared/admin-wire'
import { runChat, type ChatCallOptions } from './chat-client'
import { runResponses } from './responses-client'
import type { ChatResult } from './chat-result'
import type { ChatRequestBody } from './chat-types'
import { WEB_CLIENT_HEADER } from '../../../shared/web'
import type { Connection } from './connection'
import { requestJson, send } from './http'
import { createHubApi, type HubApi } from './hub-api'
import { createLocalModelsApi, type LocalModelsApi } from './local-models-api'
import { createManageApi, type ManageApi } from './manage-api'
import { createBatchesApi, type BatchesApi } from './batches-api'
import { createRecordingsApi, type RecordingsApi } from './recordings-api'
import { createTranscriptionApi, type TranscriptionApi } from './transcription-api'
import { createToolsApi, type ToolsApi } from './tools-api'
import { createOllamaSettingsApi, type OllamaSettingsApi } from './ollama-settings-api'
import { createClusterApi, type ClusterApi } from './cluster-api'
import { createMcpApi, type McpApi } from './mcp-api'
import { createUsageQueryApi, type UsageQueryApi } from './usage-api'
import { createGovernanceApi, type GovernanceApi } from './governance-api'

/** Everything the stores ask of the gateway. Stores get it injected, so tests can pass a fake. */
export interface GatewayApi extends ManageApi, LocalModelsApi, HubApi, RecordingsApi, TranscriptionApi, BatchesApi, UsageQueryApi, ToolsApi, OllamaSettingsApi, McpApi, GovernanceApi, ClusterApi {
  readonly connection: Connection
  /** `GET /health`: answers without a key; the status pill's heartbeat. */
  health(): Promise<GatewayHealth>
  status(): Promise<GatewayStatus>
  signIn(token: string): Promise<void>
  signOut(): Promise<void>
  /** Browsers signed in to web mode. */
  webSessions(): Promise<WebSessionInfo[]>
  endWebSession(id: string): Promise<void>
  /** Ends every web session, this browser's too; resolves to how many ended. */
  signOutEverywhere(): Promise<number>
  /** `allowNegative`: the person confirmed taking the balance below zero (refused with 409 otherwise). */
  addCredits(amount: number, allowNegative?: boolean): Promise<{ balance: number }>
  models(): Promise<ModelInfo[]>
  providers(): Promise<ProviderInfo[]>
  teams(): Promise<TeamInfo[]>
  users(): Promise<UserInfo[]>
  keys(): Promise<KeyInfo[]>
  createKey(input: NewKeyInput): Promise<IssuedKey>
  rotateKey(id: string): Promise<IssuedKey>
  revokeKey(id: string): Promise<KeyInfo>
  oauthClients(): Promise<OAuthClientInfo[]>
  createOAuthClient(input: NewOAuthClientInput): Promise<IssuedOAuthClient>
  rotateOAuthClient(id: string): Promise<IssuedOAuthClient>
  revokeOAuthClient(id: string): Promise<OAuthClientInfo>
  agents(): Promise<Agent[]>
  createAgent(input: AgentInput): Promise<Agent>
  deleteAgent(id: string): Promise<void>
  usage(query: { limit?: number; model?: string }): Promise<UsageRow[]>
  conversations(query: { q?: string; limit?: number }): Promise<ConversationSummary[]>
  conversation(id: string): Promise<Conversation>
  createConversation(body: { title?: string; model?: string | null; data: object }): Promise<Conversation>
  updateConversation(id: string, body: { title?: string; model?: string | null; data?: object }): Promise<Conversation>
  deleteConversation(id: string): Promise<void>
  files(apiKey: string): Promise<FileObject[]>
  uploadFile(apiKey: string, file: File): Promise<FileObject>
  deleteFile(apiKey: string, id: string): Promise<void>
  fileContentUrl(id: string): string
  fetchFileContent(apiKey: string, id: string): Promise<Blob>
  speech(apiKey: string, body: { model: string; input: string; voice: string; response_format?: string; speed?: number }): Promise<Blob>
  chat(body: ChatRequestBody, opts: ChatCallOptions): Promise<ChatResult>
}

const list = <T>(p: Promise<{ data: T[] }>) => p.then((r) => r.data)
const enc = encodeURIComponent

export function createGatewayApi(conn: Connection): GatewayApi {
  const admin = <T>(path: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', body?: unknown) =>
    requestJson<T>(conn, `/admin${path}`, { method, body, auth: 'admin' })
  const withKey = <T>(apiKey: string, path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) =>
    requestJson<T>(conn, path, { method, body, auth: { apiKey } })
  const query = (q: Record<string, string | number | undefined>) => {
    const s = Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => `${k}=${enc(String(v))}`)
      .join('&')
    return s ? `?${s}` : ''
  }

  return {
    ...createManageApi(conn),
    ...createLocalModelsApi(conn),
    ...createHubApi(conn),
    ...createRecordingsApi(conn),
    ...createTranscriptionApi(conn),
    ...createBatchesApi(conn),
    ...createUsageQueryApi(conn),
    ...createToolsApi(conn),
    ...createOllamaSettingsApi(conn),
    ...createMcpApi(conn),
    ...createGovernanceApi(conn),
    ...createClusterApi(conn),
    connection: conn,
    health: () => requestJson<GatewayHealth>(conn, '/health', { auth: 'none' }),
    status: () => admin('/status'),
    signIn: async (token) => {
      await requestJson(conn, '/web/session', { method: 'POST', body: { token }, auth: 'none', headers: { [WEB_CLIENT_HEADER]: '1' } })
    },
    signOut: async () => {
      await requestJson(conn, '/web/logout', { method: 'POST', auth: 'none', headers: { [WEB_CLIENT_HEADER]: '1' } })
    },
    webSessions: () => list(admin('/web-sessions')),
    endWebSession: async (id) => {
      await admin(`/web-sessions/${enc(id)}`, 'DELETE')
    },
    signOutEverywhere: async () => (await admin<{ ended: number }>('/web-sessions', 'DELETE')).ended,
    addCredits: (amount, allowNegative) => admin('/credits', 'POST', { add: amount, ...(allowNegative ? { allow_negative: true } : {}) }),
    models: () => list(admin('/models')),
    providers: () => list(admin('/providers')),
    teams: () => list(admin('/teams')),
    users: () => list(admin('/users')),
    keys: () => list(admin('/keys')),
    createKey: (input) => admin('/keys', 'POST', input),
    rotateKey: (id) => admin(`/keys/${enc(id)}/rotate`, 'POST', {}),
    revokeKey: (id) => admin(`/keys/${enc(id)}/revoke`, 'POST', {}),
    oauthClients: () => list(admin('/oauth-clients')),
    createOAuthClient: (input) => admin('/oauth-clients', 'POST', input),
    rotateOAuthClient: (id) => admin(`/oauth-clients/${enc(id)}/rotate`, 'POST', {}),
    revokeOAuthClient: (id) => admin(`/oauth-clients/${enc(id)}/revoke`, 'POST', {}),
    agents: () => list(admin('/agents')),
    createAgent: (input) => admin('/agents', 'POST', input),
    deleteAgent: async (id) => {
      await admin(`/agents/${enc(id)}`, 'DELETE')
    },
    usage: (q) => list(admin(`/usage${query(q)}`)),
    conversations: (q) => list(admin(`/conversations${query(q)}`)),
    conversation: (id) => admin(`/conversations/${enc(id)}`),
    createConversation: (body) => admin('/conversations', 'POST', body),
    updateConversation: (id, body) => admin(`/conversations/${enc(id)}`, 'PATCH', body),
    deleteConversation: async (id) => {
      await admin(`/conversations/${enc(id)}`, 'DELETE')
    },
    files: (apiKey) => list(withKey(apiKey, '/v1/files')),
    uploadFile: (apiKey, file) => {
      const form = new FormData()
      form.append('purpose', 'batch')
      form.append('file', file, file.name)
      return requestJson(conn, '/v1/files', { method: 'POST', body: form, auth: { apiKey } })
    },
    deleteFile: async (apiKey, id) => {
      await withKey(apiKey, `/v1/files/${enc(id)}`, 'DELETE')
    },
    fileContentUrl: (id) => `${conn.baseUrl}/v1/files/${enc(id)}/content`,
    fetchFileContent: async (apiKey, id) => (await send(conn, `/v1/files/${enc(id)}/content`, { auth: { apiKey } })).blob(),
    speech: async (apiKey, body) => (await send(conn, '/v1/audio/speech', { method: 'POST', body, auth: { apiKey } })).blob(),
    chat: (body, opts) => (opts.api === 'responses' ? runResponses(conn, body, opts) : runChat(conn, body, opts)),
  }
}
