import type { CompletionsPassthrough } from '../contracts/completions'
import { postUpstream } from '../upstream/post-json'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { openAiAuth } from './openai-endpoint'

/** `/v1/completions` on an OpenAI-compatible API, with the provider's credential. */
export function openAiCompletionsPassthrough(connect: () => UpstreamConnection): CompletionsPassthrough {
  return {
    send(body, ctx) {
      const conn = connect()
      return postUpstream(conn, '/completions', body, openAiAuth(conn), ctx.signal)
    },
  }
}
