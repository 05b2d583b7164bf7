import type { FastifyReply } from 'fastify'

/**
 * A signal that aborts when the client goes away before its reply is finished. It listens on the
 * response: a request's own 'close' fires as soon as its body has been read.
 */
export function abortOnClientClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}
