import { isGatewayError } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { openAiErrorBody } from '../../../shared/error-bodies'
import type { Principal } from '../auth/principal'
import type { RequestContext } from '../pipeline/request-context'
import type { ChatService } from '../chat/chat-service'

/**
 * One chat completion through the gateway's chat pipeline (routing, fallbacks, credits, usage log),
 * as a batch line needs it: never streamed, and every failure as an OpenAI error body with its status.
 */
export type RunChatCompletion = (
  ctx: { principal: Principal; requestId: string; signal: AbortSignal },
  body: unknown,
  opts: { fallbacks?: boolean },
) => Promise<{ status: number; body: unknown }>

/**
 * The chat service's prepare-then-complete, in the shape a batch line needs: the same routing,
 * fallbacks, credit hold and usage row (`source: 'batch'`) as `POST /v1/chat/completions`.
 */
export function runChatWith(chat: Pick<ChatService, 'prepare' | 'complete'>, clock: Clock): RunChatCompletion {
  return async (ctx, body, opts) => {
    const lineCtx: RequestContext = { ...ctx, source: 'batch', startedAt: clock.now() }
    try {
      const { completion } = await chat.complete(chat.prepare(lineCtx, body, opts.fallbacks))
      return { status: 200, body: completion }
    } catch (err) {
      if (isGatewayError(err)) return { status: err.status, body: openAiErrorBody(err) }
      throw err
    }
  }
}
