import type { RawUpstreamResponse } from './messages'
import type { CallContext } from './provider-config'

/**
 * Legacy text completions (`/v1/completions`) forwarded to a provider that has them natively: the
 * body as JSON text, the answer from its first byte (JSON or SSE); a status of 400 or more is thrown.
 */
export interface CompletionsPassthrough {
  send(body: string, ctx: CallContext): Promise<RawUpstreamResponse>
}
