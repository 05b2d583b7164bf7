import type { FastifyReply } from 'fastify'
import { followableAbort } from '../kernel/abort-followers'

/**
 * A signal that aborts when the client goes away before its reply is finished. It listens on the
 * response: a request's own 'close' fires as soon as its body has been read.
 */
export function abortOnClientClose(reply: FastifyReply): AbortSignal {
  const controller = followableAbort()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}
