import { GatewayError } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { messagesPath } from '../../providers/anthropic/anthropic-chat-provider'
import { sendUpstream, type UpstreamResponse } from '../../providers/upstream/post-json'
import type { UpstreamConnections } from '../../providers/upstream/upstream-connection'
import { UpstreamError } from '../../providers/upstream/upstream-error'
import type { UsageAttempt } from '../../store/repos/usage-repo'
import type { Store } from '../../store/store'
import type { CreditLedger, Reservation } from '../credits/credit-ledger'
import { estimateTokens, messagesCostMicro } from '../credits/pricing'
import { fallbackChain, resolveModel, type Target } from '../routing/resolve-model'
import { usageRow, type RequestIdentity } from '../usage/usage-row'
import type { AnthropicUsage } from './anthropic-usage'
import { inspectMessagesBody, type InspectedMessagesBody } from './inspect-messages-body'
import { spliceModel } from './splice-model'

/** Client headers that travel upstream as they are; the client's credential never does. */
const FORWARDED_HEADERS = ['anthropic-version', 'anthropic-beta']

export interface PreparedMessages {
  raw: Buffer
  inspected: InspectedMessagesBody
  chain: Target[]
  reservation: Reservation
  attempts: UsageAttempt[]
}

export interface Forwarded {
  res: UpstreamResponse
  target: Target
  fallbacksUsed: string[]
}

const notAnthropic = (model: string, type: string) =>
  new GatewayError({
    status: 400,
    type: 'invalid_request_error',
    code: 'model_not_anthropic',
    param: 'model',
    message: `The model "${model}" runs on an ${type} provider; /v1/messages forwards only to Anthropic models. Use /v1/chat/completions for it, or pick an Anthropic model.`,
  })

/**
 * /v1/messages: a byte-faithful passthrough to Anthropic. The body is validated but never rewritten;
 * only the model value is spliced when the name the client used is not the upstream id.
 */
export function createMessagesService(deps: { store: Store; clock: Clock; ledger: CreditLedger; connections: UpstreamConnections }) {
  const { store, clock, ledger, connections } = deps

  function prepare(who: RequestIdentity, raw: Buffer, useFallbacks: boolean | undefined): PreparedMessages {
    const inspected = inspectMessagesBody(raw)
    const { target } = resolveModel(store, who.principal.team, inspected.model)
    if (target.provider.type !== 'anthropic') throw notAnthropic(target.model.name, target.provider.type)
    const chain = fallbackChain(store, who.principal.team, target, useFallbacks ?? who.principal.team.useFallbacks).filter((t) => t.provider.type === 'anthropic')
    const hold = Math.max(...chain.map((t) => messagesCostMicro(t.model.pricing, { inputTokens: estimateTokens(raw.toString('utf8')), outputTokens: inspected.maxTokens, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 })))
    return { raw, inspected, chain, reservation: ledger.reserve(hold), attempts: [] }
  }

  /** Sends to the first model that answers; 429, 5xx and connection failures move to the next Anthropic model. */
  async function forward(prep: PreparedMessages, clientHeaders: Record<string, string | string[] | undefined>, signal: AbortSignal): Promise<Forwarded> {
    const headers: Record<string, string> = {}
    for (const name of FORWARDED_HEADERS) {
      const v = clientHeaders[name]
      if (v !== undefined) headers[name] = Array.isArray(v) ? v.join(',') : v
    }
    for (const [i, target] of prep.chain.entries()) {
      const last = i === prep.chain.length - 1
      const started = clock.now()
      const upstreamModel = target.model.upstream ?? target.model.name
      const body = upstreamModel === prep.inspected.model ? prep.raw : spliceModel(prep.raw, prep.inspected.modelValueSpan, upstreamModel)
      const conn = connections.get(target.provider, 'https://api.anthropic.com')
      const attempt = { model: target.model.name, modelId: target.model.id }
      try {
        const res = await sendUpstream(target.provider.id, conn, messagesPath(conn.baseUrl), body, { ...headers, ...(conn.apiKey ? { 'x-api-key': conn.apiKey } : {}) }, signal)
        prep.attempts.push({ ...attempt, status: res.status, latencyMs: clock.now() - started })
        if ((res.status === 429 || res.status >= 500) && !last && !signal.aborted) {
          res.body.destroy()
          continue
        }
        return { res, target, fallbacksUsed: prep.chain.slice(0, i).map((t) => t.model.name) }
      } catch (err) {
        prep.attempts.push({ ...attempt, status: err instanceof GatewayError ? err.status : 499, latencyMs: clock.now() - started, error: (err as Error).message })
        if (!(err instanceof UpstreamError && err.fallbackable) || last || signal.aborted) throw err
      }
    }
    throw new GatewayError({ status: 500, type: 'api_error', message: 'No model to try.' })
  }

  function settle(who: RequestIdentity, prep: PreparedMessages, s: { target: Target | null; status: number; usage: AnthropicUsage | null; error?: string | null }): number {
    const u = s.usage
    const creditsMicro = s.target && u ? messagesCostMicro(s.target.model.pricing, u) : 0
    ledger.settle(
      prep.reservation,
      usageRow(who, clock.now(), {
        endpoint: 'messages',
        requestedModel: prep.inspected.model,
        modelId: s.target?.model.id ?? null,
        modelName: s.target?.model.name ?? null,
        attempts: prep.attempts,
        status: s.status,
        stream: prep.inspected.stream,
        promptTokens: u ? u.inputTokens + u.cacheReadInputTokens + u.cacheCreationInputTokens : 0,
        completionTokens: u?.outputTokens ?? 0,
        cachedTokens: u?.cacheReadInputTokens ?? 0,
        cacheCreationTokens: u?.cacheCreationInputTokens ?? 0,
        creditsMicro,
        error: s.error ?? null,
      }),
    )
    return creditsMicro
  }

  return { prepare, forward, settle }
}

export type MessagesService = ReturnType<typeof createMessagesService>
