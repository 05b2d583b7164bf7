import type { Agent, AgentInput, ModelInfo, ModelInput, ProviderInfo, ProviderInput, ProviderProbe, TeamInfo, UserInfo } from '../../../shared/admin-wire'
import type { Connection } from './connection'
import { requestJson } from './http'

/** Changing what the gateway routes: providers (with live probes), models, team access, agents. */
export interface ManageApi {
  createProvider(input: ProviderInput): Promise<ProviderInfo>
  updateProvider(id: string, patch: Partial<Omit<ProviderInput, 'id'>>): Promise<ProviderInfo>
  deleteProvider(id: string): Promise<void>
  /** One live `GET {base_url}/models` for a provider not saved yet; the key is sent, never sent back. */
  probeProvider(input: Omit<ProviderInput, 'id' | 'type'> & { type: 'openai' | 'anthropic' }): Promise<ProviderProbe>
  /** The same for a saved provider, with its stored key. */
  probeSavedProvider(id: string): Promise<ProviderProbe>
  createModel(input: ModelInput): Promise<ModelInfo>
  updateModel(id: string, patch: Partial<ModelInput>): Promise<ModelInfo>
  deleteModel(id: string): Promise<void>
  /** `models: null` enables every model for the team. */
  updateTeam(id: string, patch: { name?: string; models?: string[] | null }): Promise<TeamInfo>
  createTeam(input: { name: string }): Promise<TeamInfo>
  deleteTeam(id: string): Promise<void>
  createUser(input: { name: string; team_id: string }): Promise<UserInfo>
  renameUser(id: string, name: string): Promise<UserInfo>
  deleteUser(id: string): Promise<void>
  updateAgent(id: string, input: Partial<AgentInput>): Promise<Agent>
}

export function createManageApi(conn: Connection): ManageApi {
  const enc = encodeURIComponent
  const admin = <T>(path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown) => requestJson<T>(conn, `/admin${path}`, { method, body, auth: 'admin' })
  return {
    createProvider: (input) => admin('/providers', 'POST', input),
    updateProvider: (id, patch) => admin(`/providers/${enc(id)}`, 'PATCH', patch),
    deleteProvider: async (id) => void (await admin(`/providers/${enc(id)}`, 'DELETE')),
    probeProvider: (input) => admin('/providers/probe', 'POST', input),
    probeSavedProvider: (id) => admin(`/providers/${enc(id)}/probe`, 'POST', {}),
    createModel: (input) => admin('/models', 'POST', input),
    updateModel: (id, patch) => admin(`/models/${enc(id)}`, 'PATCH', patch),
    deleteModel: async (id) => void (await admin(`/models/${enc(id)}`, 'DELETE')),
    updateTeam: (id, patch) => admin(`/teams/${enc(id)}`, 'PATCH', patch),
    createTeam: (input) => admin('/teams', 'POST', input),
    deleteTeam: async (id) => void (await admin(`/teams/${enc(id)}`, 'DELETE')),
    createUser: (input) => admin('/users', 'POST', input),
    renameUser: (id, name) => admin(`/users/${enc(id)}`, 'PATCH', { name }),
    deleteUser: async (id) => void (await admin(`/users/${enc(id)}`, 'DELETE')),
    updateAgent: (id, input) => admin(`/agents/${enc(id)}`, 'PATCH', input),
  }
}
