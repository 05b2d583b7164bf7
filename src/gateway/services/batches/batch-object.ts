import type { BatchRow } from '../../store/repos/batches-repo'

/** OpenAI's batch object. */
export const toBatchObject = (b: BatchRow) => ({
  id: b.id,
  object: 'batch' as const,
  endpoint: b.endpoint,
  errors: b.errors ? { object: 'list' as const, data: b.errors } : null,
  input_file_id: b.inputFileId,
  completion_window: b.completionWindow,
  status: b.status,
  output_file_id: b.outputFileId,
  error_file_id: b.errorFileId,
  created_at: b.createdAt,
  in_progress_at: b.inProgressAt,
  expires_at: b.expiresAt,
  finalizing_at: b.finalizingAt,
  completed_at: b.completedAt,
  failed_at: b.failedAt,
  expired_at: b.expiredAt,
  cancelling_at: b.cancellingAt,
  cancelled_at: b.cancelledAt,
  request_counts: b.counts,
  metadata: b.metadata,
  usage: {
    input_tokens: b.usage.inputTokens,
    input_tokens_details: { cached_tokens: b.usage.cachedTokens },
    output_tokens: b.usage.outputTokens,
    output_tokens_details: { reasoning_tokens: b.usage.reasoningTokens },
    total_tokens: b.usage.inputTokens + b.usage.outputTokens,
  },
})

/** OpenAI's cursor list shape, newest first. */
export function toBatchList(rows: BatchRow[], hasMore: boolean) {
  return {
    object: 'list' as const,
    data: rows.map(toBatchObject),
    first_id: rows[0]?.id ?? null,
    last_id: rows.at(-1)?.id ?? null,
    has_more: hasMore,
  }
}
