import type { FastifyReply, FastifyRequest } from 'fastify'
import { badRequest } from '../../shared/errors'
import { KEEP_ALIVE_HINT, parseKeepAliveSeconds } from '../../shared/local-model-settings'
import { abortOnClientClose } from '../http/client-abort'
import type { Clock } from '../kernel/runtime'
import type { Principal } from '../services/auth/principal'
import type { ServedBy } from '../services/pipeline/pipeline'
import { servedModelId } from '../services/routing/deployments'
import type { RequestContext } from '../services/pipeline/request-context'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API-key hook (http/api-key-auth.ts) on every `/v1` route. */
    principal: Principal
  }
}

/** The one place an HTTP request becomes a pipeline request: who, which request, when, and a signal for the client leaving. */
export const requestContext = (req: FastifyRequest, reply: FastifyReply, clock: Clock): RequestContext => {
  const keepAlive = keepAliveHeader(req)
  return {
    principal: req.principal,
    requestId: req.id,
    signal: abortOnClientClose(reply),
    source: 'api',
    startedAt: clock.now(),
    setHeaders: (headers) => void reply.headers(headers),
    keepContentOutOfLogs: () => void (req.contentNotLogged = true),
    ...(keepAlive !== undefined ? { keepAliveSeconds: keepAlive } : {}),
  }
}

/** `x-svc-keep-alive`: Ollama's keep_alive for every API family (a local model stays loaded this long after the request). */
function keepAliveHeader(req: FastifyRequest): number | undefined {
  const raw = req.headers['x-svc-keep-alive']
  if (raw === undefined) return undefined
  const seconds = parseKeepAliveSeconds(String(raw))
  if (seconds === undefined) throw badRequest(`The x-svc-keep-alive header ${KEEP_ALIVE_HINT}; got "${String(raw)}".`, 'x-svc-keep-alive')
  return seconds
}

/** The headers of every answered model request (spec 2.3): which model (or deployment of it) answered, how long it took, which failed first. */
export const servedHeaders = (served: ServedBy, elapsedMs: number): Record<string, string> => ({
  'x-svc-model-id': servedModelId(served.target),
  'x-svc-completion-time-ms': String(elapsedMs),
  ...(served.fallbacksUsed.length ? { 'x-svc-fallbacks-used': served.fallbacksUsed.join(',') } : {}),
})
