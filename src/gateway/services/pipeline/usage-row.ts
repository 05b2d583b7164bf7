import type { UsageRow } from '../../store/repos/usage-repo'
import type { RequestContext } from './request-context'

/**
 * A usage log row for one request, zeros wherever the endpoint has nothing to say (a field given as
 * undefined counts as not given). Built field by field, not by spreading `fields` over defaults: every
 * request makes one, and settle passes its outcome's fields as they are.
 */
export function usageRow(
  who: Pick<RequestContext, 'principal' | 'requestId' | 'source' | 'startedAt'>,
  now: number,
  fields: Pick<UsageRow, 'endpoint' | 'status'> & Partial<Omit<UsageRow, 'id' | 'createdAt' | 'keyId' | 'teamId' | 'userId' | 'latencyMs' | 'source'>>,
): UsageRow {
  const row: UsageRow = {
    id: who.requestId,
    createdAt: who.startedAt,
    endpoint: fields.endpoint,
    source: who.source,
    keyId: who.principal.keyId,
    teamId: who.principal.team.id,
    userId: who.principal.userId,
    requestedModel: fields.requestedModel ?? null,
    modelId: fields.modelId ?? null,
    modelName: fields.modelName ?? null,
    attempts: fields.attempts ?? [],
    status: fields.status,
    stream: fields.stream ?? false,
    latencyMs: now - who.startedAt,
    promptTokens: fields.promptTokens ?? 0,
    completionTokens: fields.completionTokens ?? 0,
    cachedTokens: fields.cachedTokens ?? 0,
    cacheCreationTokens: fields.cacheCreationTokens ?? 0,
    audioSeconds: fields.audioSeconds ?? 0,
    characters: fields.characters ?? 0,
    creditsMicro: fields.creditsMicro ?? 0,
    usageEstimated: fields.usageEstimated ?? false,
    error: fields.error ?? null,
    metadata: fields.metadata ?? null,
    tools: fields.tools ?? [],
  }
  if (fields.state !== undefined) row.state = fields.state
  if (fields.cacheHit !== undefined) row.cacheHit = fields.cacheHit
  return row
}
