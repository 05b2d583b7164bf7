import type { BatchUsageTotals } from '../../store/repos/batches-repo'

export interface LineOutcome {
  state: 'succeeded' | 'failed'
  /** The line of the output or error file, without its newline. */
  text: string
  usage: BatchUsageTotals
}

const NO_USAGE: BatchUsageTotals = { inputTokens: 0, cachedTokens: 0, outputTokens: 0, reasoningTokens: 0 }

interface CompletionUsage {
  prompt_tokens?: number
  completion_tokens?: number
  prompt_tokens_details?: { cached_tokens?: number }
  completion_tokens_details?: { reasoning_tokens?: number }
}

function usageOf(body: unknown): BatchUsageTotals {
  const u = (body as { usage?: CompletionUsage } | null)?.usage
  if (!u) return NO_USAGE
  return {
    inputTokens: u.prompt_tokens ?? 0,
    cachedTokens: u.prompt_tokens_details?.cached_tokens ?? 0,
    outputTokens: u.completion_tokens ?? 0,
    reasoningTokens: u.completion_tokens_details?.reasoning_tokens ?? 0,
  }
}

/**
 * OpenAI's batch output format: `{id, custom_id, response: {status_code, request_id, body}, error}`.
 * A 2xx goes to the output file with `error: null`; anything else to the error file, with the error
 * body's code and message and the input line number in `error`.
 */
export function lineOutcome(
  ids: { id: string; customId: string; requestId: string; line: number },
  result: { status: number; body: unknown },
): LineOutcome {
  const response = { status_code: result.status, request_id: ids.requestId, body: result.body }
  if (result.status >= 200 && result.status < 300) {
    return { state: 'succeeded', text: JSON.stringify({ id: ids.id, custom_id: ids.customId, response, error: null }), usage: usageOf(result.body) }
  }
  const err = (result.body as { error?: { code?: unknown; type?: unknown; message?: unknown } } | null)?.error
  const code = typeof err?.code === 'string' ? err.code : typeof err?.type === 'string' ? err.type : `http_${result.status}`
  const message = typeof err?.message === 'string' ? err.message : `The request failed with status ${result.status}.`
  return { state: 'failed', text: JSON.stringify({ id: ids.id, custom_id: ids.customId, response, error: { code, message, line: ids.line } }), usage: NO_USAGE }
}

/** An error file line for a request that never got a response (bad input, cancelled or expired batch). */
export function unansweredLine(id: string, customId: string | null, error: { code: string; message: string; line: number | null }): string {
  return JSON.stringify({ id, custom_id: customId, response: null, error: { code: error.code, message: error.message, line: error.line } })
}
