import type { RequestSignal } from '../../kernel/client-signal'
import type { Principal } from '../auth/principal'

/** One request's identity and lifetime, whoever sent it (the HTTP API or a batch line). */
export interface RequestContext {
  principal: Principal
  requestId: string
  /** Aborted when the client goes away (or the batch line is cancelled); `abortSignalOf` gives a real AbortSignal for Node APIs. */
  signal: RequestSignal
  source: 'api' | 'batch'
  startedAt: number
  /** Adds headers to the answer (the rate-limit headers); absent for a batch line. */
  setHeaders?: (headers: Record<string, string>) => void
  /** Says the request's errors must be logged without their text (its team keeps no content). */
  keepContentOutOfLogs?: () => void
  /** The request's keep_alive (Ollama's field, or the x-svc-keep-alive header), in seconds: how long a local model stays loaded after it. */
  keepAliveSeconds?: number
}
