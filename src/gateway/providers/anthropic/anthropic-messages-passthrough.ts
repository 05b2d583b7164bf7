import type { MessagesPassthrough } from '../contracts/messages'
import { sendUpstream } from '../upstream/post-json'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { anthropicAuth, messagesPath } from './anthropic-endpoint'

/** Client headers that travel upstream as they are; the client's credential never does. */
const FORWARDED_HEADERS = ['anthropic-version', 'anthropic-beta']

/** `/v1/messages` forwarded as bytes: the client's Anthropic headers pass, the credential is the provider's. */
export function anthropicMessagesPassthrough(connect: () => UpstreamConnection): MessagesPassthrough {
  return {
    send(body, clientHeaders, ctx) {
      const conn = connect()
      const headers: Record<string, string> = {}
      for (const name of FORWARDED_HEADERS) if (clientHeaders[name] !== undefined) headers[name] = clientHeaders[name]
      return sendUpstream(conn, messagesPath(conn.baseUrl), body, { ...headers, ...anthropicAuth(conn) }, ctx.signal)
    },
  }
}
