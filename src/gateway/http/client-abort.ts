import type { FastifyReply } from 'fastify'
import { ClientSignal } from '../kernel/client-signal'

/**
 * A signal that aborts when the client goes away before its reply is finished. It listens on the
 * response: a request's own 'close' fires as soon as its body has been read. The one place a response's
 * 'close' before 'finish' becomes the request's abort; a ClientSignal, so no AbortController is made
 * unless some code asks for a real AbortSignal (`abortSignalOf`).
 */
export function abortOnClientClose(reply: FastifyReply): ClientSignal {
  const signal = new ClientSignal()
  const res = reply.raw
  res.on('close', () => {
    if (!res.writableFinished) signal.abort()
  })
  return signal
}
