import type { UsageRow } from '../../store/repos/usage-repo'
import type { RequestContext } from './request-context'

/** A usage log row for one request, zeros wherever the endpoint has nothing to say. */
export function usageRow(
  who: Pick<RequestContext, 'principal' | 'requestId' | 'source' | 'startedAt'>,
  now: number,
  fields: Pick<UsageRow, 'endpoint' | 'status'> & Partial<Omit<UsageRow, 'id' | 'createdAt' | 'keyId' | 'teamId' | 'userId' | 'latencyMs' | 'source'>>,
): UsageRow {
  return {
    id: who.requestId,
    createdAt: who.startedAt,
    source: who.source,
    keyId: who.principal.keyId,
    teamId: who.principal.team.id,
    userId: who.principal.userId,
    requestedModel: null,
    modelId: null,
    modelName: null,
    attempts: [],
    stream: false,
    latencyMs: now - who.startedAt,
    promptTokens: 0,
    completionTokens: 0,
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
