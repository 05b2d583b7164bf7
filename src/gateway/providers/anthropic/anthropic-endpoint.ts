import type { UpstreamConnection } from '../upstream/upstream-connection'

/** Where an Anthropic provider without a base_url goes. */
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com'
export const ANTHROPIC_VERSION = '2023-06-01'

/** `/v1/messages` under a base URL given with or without its `/v1`. */
export const messagesPath = (baseUrl: string) => (/\/v1$/.test(baseUrl) ? '/messages' : '/v1/messages')

/** `/v1/messages/count_tokens`, likewise. */
export const countTokensPath = (baseUrl: string) => `${messagesPath(baseUrl)}/count_tokens`

/** Anthropic's credential header. */
export const anthropicAuth = (conn: Pick<UpstreamConnection, 'apiKey'>): Record<string, string> => (conn.apiKey ? { 'x-api-key': conn.apiKey } : {})
