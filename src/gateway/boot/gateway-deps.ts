import type { FastifyBaseLogger } from 'fastify'
import type { BlobStore } from '../blobs/blob-store'
import type { GatewayConfig } from '../config/gateway-config'
import type { StoreLocation } from '../config/store-location'
import type { Clock, Env, IdGenerator } from '../kernel/runtime'
import type { SecretCipher } from '../security/secret-cipher'
import type { Store } from '../store/store'

/** Everything the gateway needs from outside, passed in so tests can drive time, ids and upstreams. */
export interface GatewayDeps {
  config: GatewayConfig
  store: Store
  clock: Clock
  ids: IdGenerator
  cipher: SecretCipher
  adminToken: string
  /** The file `adminToken` was read from (headless): watched, so a new token takes over without a restart. */
  adminTokenFile?: string
  env: Env
  /** File contents on disk, under `<data-dir>/files/`. */
  blobs: BlobStore
  /** Recordings' audio, under `<data-dir>/recordings/`. */
  recordingBlobs: BlobStore
  /** Installed local models (whisper, VAD), under `<data-dir>/models/`. */
  modelsDir: string
  /** Whether other gateway instances share this store (issue 26): rate limits then count in the store, else in memory. Default: `instance.shared`. */
  sharedStore?: boolean
  /**
   * This gateway among those of its store: its id, host and pid, and whether several gateways share
   * the store (PostgreSQL: holds, started rows and batch leases go through the database). Omitted: alone.
   */
  instance?: { id: string; host: string; pid: number; shared: boolean; store: StoreLocation }
  /** A pino logger; omit for no logging. */
  logger?: FastifyBaseLogger
}
