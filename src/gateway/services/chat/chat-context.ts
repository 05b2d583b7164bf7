import type { ChatCompletionRequest } from '../../../shared/chat/types'
import type { UsageAttempt } from '../../store/repos/usage-repo'
import type { Principal } from '../auth/principal'
import type { Reservation } from '../credits/credit-ledger'
import type { Target } from '../routing/resolve-model'

/** One request's identity and lifetime, whoever sent it (the HTTP API or a batch). */
export interface ChatContext {
  principal: Principal
  requestId: string
  /** Aborted when the client goes away. */
  signal: AbortSignal
  source: 'api' | 'batch'
  startedAt: number
}

export interface PreparedChat {
  /** The body as the client sent it, kept for `store: true`. */
  body: unknown
  req: ChatCompletionRequest
  requestedModel: string
  /** The model, then its fallbacks. */
  chain: Target[]
  reservation: Reservation
  attempts: UsageAttempt[]
}
