import type { CallContext } from './provider-config'

/** An upstream reply as it arrived: status, headers, and the body still to be read (or destroyed). */
export interface RawUpstreamResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: UpstreamBody
}

/** A reply body still to be read once, as chunks or whole; `destroy` drops it (and aborts its request). */
export type UpstreamBody = AsyncIterable<Buffer> & { text(): Promise<string>; json(): Promise<unknown>; destroy(): void }

/**
 * A provider's native API, forwarded byte for byte (`/v1/messages` to Anthropic). The provider owns
 * its URL and its credential; the caller owns the bytes. Resolves at the first byte, whatever the status.
 */
export interface MessagesPassthrough {
  send(body: Buffer, clientHeaders: Record<string, string>, ctx: CallContext): Promise<RawUpstreamResponse>
}

/**
 * Counts the input tokens of a provider-native request (`/v1/messages/count_tokens`): Anthropic answers
 * it upstream; a local llama model counts with its own tokenizer and template. Resolves at the first byte,
 * whatever the status, with a JSON body `{input_tokens}` on success.
 */
export interface TokenCounter {
  count(body: Buffer, clientHeaders: Record<string, string>, ctx: CallContext): Promise<RawUpstreamResponse>
}
