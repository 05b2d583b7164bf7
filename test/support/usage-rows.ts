import type { UsageRow } from '../../src/gateway/store/repos/usage-repo'

/** The usage row of a plain, finished chat completion; a test sets the fields it is about. */
export function usageRow(id: string, fields: Partial<UsageRow> = {}): UsageRow {
  return {
    id,
    createdAt: 1_790_000_000_000,
    endpoint: 'chat.completions',
    source: 'api',
    keyId: null,
    teamId: null,
    userId: null,
    requestedModel: 'gpt-echo',
    modelId: null,
    modelName: 'gpt-echo',
    attempts: [],
    status: 200,
    stream: false,
    latencyMs: 5,
    promptTokens: 10,
    completionTokens: 20,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    audioSeconds: 0,
    characters: 0,
    creditsMicro: 0,
    usageEstimated: false,
    error: null,
    metadata: null,
    tools: [],
    ...fields,
  }
}
