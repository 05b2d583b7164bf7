import type { RawUpstreamResponse } from './messages'
import type { CallContext } from './provider-config'

/**
 * OpenAI's Responses API (`POST /v1/responses`) forwarded byte for byte to a provider that serves it
 * natively (`responses: native` in its settings). The provider owns its URL and credential; the caller
 * owns the bytes. Resolves at the first byte, whatever the status.
 */
export interface ResponsesPassthrough {
  send(body: Buffer, ctx: CallContext): Promise<RawUpstreamResponse>
}
