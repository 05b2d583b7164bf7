import type { UpstreamConnection } from '../upstream/upstream-connection'

/** Where an OpenAI provider without a base_url goes. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1'

/**
 * OpenAI's credential header; every OpenAI-compatible API takes it. A fresh object on every call: a caller adds its
 * own headers to it (Object.assign) rather than spreading it into another (~0.5 µs a spread).
 */
export const openAiAuth = (conn: Pick<UpstreamConnection, 'apiKey'>): Record<string, string> => (conn.apiKey ? { authorization: `Bearer ${conn.apiKey}` } : {})
