import type { ResponsesPassthrough } from '../contracts/responses'
import { sendUpstream } from '../upstream/post-json'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { openAiAuth } from './openai-endpoint'

/** `/v1/responses` on an OpenAI API that has it, as bytes, with the provider's credential. */
export function openAiResponsesPassthrough(connect: () => UpstreamConnection): ResponsesPassthrough {
  return {
    send(body, ctx) {
      const conn = connect()
      return sendUpstream(conn, '/responses', body, openAiAuth(conn), ctx.signal)
    },
  }
}
