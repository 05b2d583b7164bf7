import type { OllamaKeylessSettings } from '../../../shared/ollama-wire'
import type { Connection } from './connection'
import { requestJson } from './http'

/** Keyless access to the gateway's Ollama API, an admin setting. */
export interface OllamaSettingsApi {
  ollamaKeyless(): Promise<OllamaKeylessSettings>
  setOllamaKeyless(input: OllamaKeylessSettings): Promise<OllamaKeylessSettings>
}

export function createOllamaSettingsApi(conn: Connection): OllamaSettingsApi {
  const path = '/admin/settings/ollama-keyless'
  return {
    ollamaKeyless: () => requestJson(conn, path, { auth: 'admin' }),
    setOllamaKeyless: (input) => requestJson(conn, path, { method: 'PUT', body: input, auth: 'admin' }),
  }
}
