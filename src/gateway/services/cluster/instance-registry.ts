import type { FastifyBaseLogger } from 'fastify'
import type { ClusterStatus } from '../../../shared/cluster-wire'
import type { StoreLocation } from '../../config/store-location'
import type { Clock } from '../../kernel/runtime'
import type { InstanceRow } from '../../store/repos/instances-repo'
import type { Store } from '../../store/store'
import { INTERRUPTED } from '../credits/credit-ledger'

/** How often a gateway of a shared store says it is alive. */
export const HEARTBEAT_MS = 1000
/** A gateway silent this long is gone: its holds come back, its `started` rows become `interrupted`, its leases are free. */
export const STALE_AFTER_MS = 5000

export interface InstanceRegistryOptions {
  store: Store
  clock: Clock
  self: Omit<InstanceRow, 'startedAt' | 'heartbeatAt' | 'url'>
  /** Several gateways share the store (PostgreSQL): heartbeats and the sweep of gone instances run. */
  shared: boolean
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>
  /** For `status()`: the SQLite file or PostgreSQL server this gateway uses. */
  location?: StoreLocation
  heartbeatMs?: number
  staleAfterMs?: number
}

/**
 * The gateways serving from one store. On a shared store each writes its row and a heartbeat every
 * second, and each sweeps the rows silent for STALE_AFTER_MS: what a dead instance held (credit
 * holds, `started` usage rows, batch leases) is settled in one transaction. An SQLite store has one
 * gateway (the data dir's lock): it is the only instance and writes nothing.
 */
export function createInstanceRegistry({ store, clock, self, shared, log, location = { engine: 'sqlite', path: ':memory:' }, heartbeatMs = HEARTBEAT_MS, staleAfterMs = STALE_AFTER_MS }: InstanceRegistryOptions) {
  const startedAt = clock.now()
  let url: string | null = null
  let timer: NodeJS.Timeout | undefined
  const row = (): InstanceRow => ({ ...self, url, startedAt, heartbeatAt: clock.now() })

  /** Settles what each gone instance left; how many were swept. */
  function sweep(): number {
    let swept = 0
    for (const id of store.instances.staleIds(clock.now() - staleAfterMs)) {
      if (id === self.id) continue
      store.transaction(() => {
        if (!store.instances.remove(id)) return // another instance swept it first
        store.creditHolds.releaseInstance(id)
        store.usageOwners.interruptInstance(id, INTERRUPTED)
        store.batchLeases.releaseInstance(id)
        swept++
      })
    }
    return swept
  }

  function beat(): void {
    try {
      if (!store.instances.beat(self.id, clock.now())) {
        log?.warn('this gateway was taken for gone (no heartbeat for a while) and registers again')
        store.instances.register(row())
      }
      sweep()
    } catch (err) {
      log?.error({ code: (err as { code?: unknown }).code }, `the instance heartbeat could not be written: ${(err as Error).message}`)
    }
  }

  function live(): InstanceRow[] {
    if (!shared) return [row()]
    return store.instances.live(clock.now() - staleAfterMs)
  }

  return {
    id: self.id,
    shared,
    /** Registers (with the URL it listens on) and starts the heartbeat. */
    start(listenUrl: string): void {
      url = listenUrl
      if (!shared) return
      store.instances.register(row())
      sweep()
      timer = setInterval(beat, heartbeatMs)
      timer.unref()
    },
    sweep,
    /** Why this gateway cannot serve right now (its store does not answer, or lacks the schema), null when it can: `/health/ready`. */
    notReady(): string | null {
      try {
        store.instances.probe()
        return null
      } catch (err) {
        return `store_unreachable: ${(err as Error).message}`
      }
    },
    /** The live gateways of the store, this one included. */
    live,
    /** `GET /admin/cluster`. */
    status(): ClusterStatus {
      const instances = live().map((i) => ({ id: i.id, host: i.host, pid: i.pid, version: i.version, url: i.url, started_at: i.startedAt, heartbeat_at: i.heartbeatAt }))
      return { store: location, shared, instance_id: self.id, instances }
    },
    /** A clean stop: nothing of this instance is left held (its requests are drained and the ledger flushed first). */
    stop(): void {
      clearInterval(timer)
      if (!shared) return
      try {
        store.transaction(() => {
          store.creditHolds.releaseInstance(self.id)
          store.usageOwners.interruptInstance(self.id, INTERRUPTED)
          store.batchLeases.releaseInstance(self.id)
          store.instances.remove(self.id)
        })
      } catch (err) {
        log?.error({ code: (err as { code?: unknown }).code }, `this gateway's instance row could not be removed: ${(err as Error).message}; the others sweep it`)
      }
    },
  }
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>
