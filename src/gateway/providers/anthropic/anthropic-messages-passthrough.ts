import type { MessagesPassthrough, TokenCounter } from '../contracts/messages'
import { sendUpstream } from '../upstream/post-json'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { anthropicAuth, countTokensPath, messagesPath } from './anthropic-endpoint'

/** Client headers that travel upstream as they are; the client's credential never does. */
const FORWARDED_HEADERS = ['anthropic-version', 'anthropic-beta']

function forward(connect: () => UpstreamConnection, path: (baseUrl: string) => string): MessagesPassthrough['send'] {
  return (body, clientHeaders, ctx) => {
    const conn = connect()
    const headers: Record<string, string> = {}
    for (const name of FORWARDED_HEADERS) if (clientHeaders[name] !== undefined) headers[name] = clientHeaders[name]
    return sendUpstream(conn, path(conn.baseUrl), body, { ...headers, ...anthropicAuth(conn) }, ctx.signal)
  }
}

/** `/v1/messages` forwarded as bytes: the client's Anthropic headers pass, the credential is the provider's. */
export function anthropicMessagesPassthrough(connect: () => UpstreamConnection): MessagesPassthrough {
  return { send: forward(connect, messagesPath) }
}

/** `/v1/messages/count_tokens` forwarded the same way. */
export function anthropicTokenCounter(connect: () => UpstreamConnection): TokenCounter {
  return { count: forward(connect, countTokensPath) }
}
