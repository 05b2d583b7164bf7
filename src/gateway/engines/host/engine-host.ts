import { unknownEngine } from './engine-errors'
import { type EngineDefinition, type EngineLogger, EnginePool, type EngineRunOptions, type EngineStats } from './engine-pool'
import { type WorkerLaunchOptions } from './engine-worker-launch'

export type { EngineDefinition, EngineLogger, EngineRunOptions, EngineStats } from './engine-pool'

export interface EngineHostOptions {
  engines: EngineDefinition[]
  launch?: WorkerLaunchOptions
  logger?: EngineLogger
}

/**
 * Runs native engines out of the gateway process: one queue and a few worker processes per
 * engine kind. A worker that crashes costs the request it was serving a GatewayError (5xx);
 * the next request gets a fresh worker. Cancel a request with its AbortSignal.
 */
export class EngineHost {
  private readonly pools = new Map<string, EnginePool>()

  constructor(options: EngineHostOptions) {
    for (const definition of options.engines) {
      this.pools.set(definition.kind, new EnginePool(definition, options.launch, options.logger))
    }
  }

  run<T>(kind: string, method: string, payload: unknown, options?: EngineRunOptions): Promise<T> {
    const pool = this.pools.get(kind)
    if (!pool) return Promise.reject(unknownEngine(kind))
    return pool.run(method, payload, options) as Promise<T>
  }

  stats(): EngineStats[] {
    return [...this.pools.values()].map((pool) => pool.stats())
  }

  /** Stops every worker; queued requests fail with 503. */
  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()))
  }
}
