import { DEFAULT_COOLDOWN_SECONDS, type RoutingStrategy } from '../../../shared/deployments'
import type { Clock } from '../../kernel/runtime'
import type { ModelRow } from '../../store/repos/models-repo'
import type { ProviderRow } from '../../store/repos/providers-repo'
import type { Target } from './resolve-model'

/** One deployment of a model, as stored in its row's options. */
export interface Deployment {
  provider: string
  upstream: string
  weight: number
}

/** A model's deployments, how they are chosen, and how long a failed one rests; null when the model has none. */
export interface ModelDeployments {
  deployments: Deployment[]
  routing: RoutingStrategy
  cooldownMs: number
}

export function deploymentsOf(model: ModelRow): ModelDeployments | null {
  const list = model.options.deployments as Deployment[] | undefined
  if (!list?.length) return null
  const seconds = (model.options.cooldownSeconds as number | undefined) ?? DEFAULT_COOLDOWN_SECONDS
  return { deployments: list, routing: (model.options.routing as RoutingStrategy | undefined) ?? 'weighted', cooldownMs: seconds * 1000 }
}

/** What `X-Svc-Model-Id` says: the model's id, and `<model id>@<provider>/<upstream>` when a deployment of it answered. */
export const servedModelId = (t: Target): string => (t.deployment ? `${t.model.id}@${t.deployment.provider}/${t.deployment.upstream}` : t.model.id)

/** What `start` returns for a model without deployments: nothing to count. */
const NOTHING_RUNNING = () => {}

const keyOf = (modelId: string, d: Deployment) => `${modelId}\u0000${d.provider}\u0000${d.upstream}`

/** `retry-after` in seconds or as an HTTP date -> milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * Spreads a model's requests over its deployments and rests the ones that fail. State lives in this
 * gateway instance: two instances sharing a store each learn of a failing deployment on their own.
 * Weighted picks are a smooth weighted round robin (nginx's): deterministic, and a 3:1 split sends
 * exactly three of every four requests to the first. `least_in_flight` takes the deployment with
 * fewest requests running here, ties going by weight the same way.
 */
export function createBalancer(clock: Clock) {
  const restingUntil = new Map<string, number>()
  const running = new Map<string, number>()
  const current = new Map<string, number>()

  const providerOf = (target: Target, d: Deployment, providers: (id: string) => ProviderRow | undefined): ProviderRow | undefined =>
    d.provider === target.provider.id ? target.provider : providers(d.provider)

  /** The deployments not resting, in round-robin order: the pick first, then the others by their standing. */
  function weightedOrder(modelId: string, ready: Deployment[]): Deployment[] {
    const total = ready.reduce((sum, d) => sum + d.weight, 0)
    for (const d of ready) current.set(keyOf(modelId, d), (current.get(keyOf(modelId, d)) ?? 0) + d.weight)
    const ordered = [...ready].sort((a, b) => current.get(keyOf(modelId, b))! - current.get(keyOf(modelId, a))!)
    current.set(keyOf(modelId, ordered[0]!), current.get(keyOf(modelId, ordered[0]!))! - total)
    return ordered
  }

  return {
    /**
     * The targets to try for one chain entry: the model itself when it has no deployments, else its
     * deployments that are not resting, best first (none when all rest). `providers` finds a
     * deployment's provider row; a deployment whose provider is gone is left out.
     */
    expand(target: Target, providers: (id: string) => ProviderRow | undefined): Target[] {
      const set = deploymentsOf(target.model)
      if (!set) return [target]
      const now = clock.now()
      const ready = set.deployments.filter((d) => (restingUntil.get(keyOf(target.model.id, d)) ?? 0) <= now && providerOf(target, d, providers))
      if (!ready.length) return []
      let ordered = weightedOrder(target.model.id, ready)
      if (set.routing === 'least_in_flight') ordered = [...ordered].sort((a, b) => (running.get(keyOf(target.model.id, a)) ?? 0) - (running.get(keyOf(target.model.id, b)) ?? 0))
      return ordered.map((d) => ({ model: { ...target.model, providerId: d.provider, upstream: d.upstream }, provider: providerOf(target, d, providers)!, deployment: d }))
    },

    /** When the soonest resting deployment of `target`'s model is back (ms since the epoch); null when none rests. */
    backAt(target: Target): number | null {
      const set = deploymentsOf(target.model)
      if (!set) return null
      const times = set.deployments.map((d) => restingUntil.get(keyOf(target.model.id, d)) ?? 0).filter((t) => t > clock.now())
      return times.length ? Math.min(...times) : null
    },

    /** Rests a deployment that failed, for its `retry-after` when it sent one, else the model's cool-down. */
    coolDown(target: Target, retryAfter: string | undefined): void {
      const set = deploymentsOf(target.model)
      if (!target.deployment || !set) return
      const now = clock.now()
      restingUntil.set(keyOf(target.model.id, target.deployment), now + (retryAfterMs(retryAfter, now) ?? set.cooldownMs))
    },

    /** Counts a request running on a deployment; the function returned ends it (calling it twice is harmless). */
    start(target: Target): () => void {
      if (!target.deployment) return NOTHING_RUNNING
      const key = keyOf(target.model.id, target.deployment)
      running.set(key, (running.get(key) ?? 0) + 1)
      let ended = false
      return () => {
        if (ended) return
        ended = true
        running.set(key, running.get(key)! - 1)
      }
    },
  }
}

export type Balancer = ReturnType<typeof createBalancer>
