import { chmodSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { buildGateway } from './app'
import type { GatewayDeps } from './gateway-deps'
import { createServices } from './services'
import { createBlobStore } from '../blobs/blob-store'
import type { GatewayConfig } from '../config/gateway-config'
import type { Env } from '../kernel/runtime'
import { loadAdminToken } from '../security/admin-token'
import { fileCipher } from '../security/file-cipher'
import type { SecretCipher } from '../security/secret-cipher'
import { seedFromConfig } from '../services/config-seed'
import { issueFirstRunKey } from '../services/first-run'
import { openStore, type Store } from '../store/store'
import { randomIds, systemClock } from '../kernel/system-runtime'

export interface StartOptions {
  config: GatewayConfig
  dataDir: string
  env: Env
  logger?: FastifyBaseLogger
  /** The desktop app passes one backed by the OS keychain. */
  cipher?: SecretCipher
  /** better-sqlite3 built for Electron's ABI (see scripts/start.mjs). */
  nativeBinding?: string
}

export interface RunningGateway {
  app: FastifyInstance
  store: Store
  url: string
  adminToken: string
  /** Set on the first start of a data dir: the one time this key is shown. */
  firstRunKey: { teamName: string; plaintext: string } | null
  close(): Promise<void>
}

/** Opens the data dir, brings the store in line with the config, and listens. Shared by cli.ts and Electron's main. */
export async function startGateway(opts: StartOptions): Promise<RunningGateway> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 })
  chmodSync(opts.dataDir, 0o700)
  const store = openStore(join(opts.dataDir, 'gatehouse.db'), { nativeBinding: opts.nativeBinding })
  try {
    const clock = systemClock
    const ids = randomIds
    const cipher = opts.cipher ?? fileCipher(opts.dataDir)
    seedFromConfig(opts.config, { store, clock, ids, cipher })
    const adminToken = loadAdminToken(opts.dataDir)
    const deps: GatewayDeps = { config: opts.config, store, clock, ids, cipher, adminToken, env: opts.env, logger: opts.logger, blobs: createBlobStore(join(opts.dataDir, 'files')), modelsDir: join(opts.dataDir, 'models') }
    const services = createServices(deps)
    const firstRunKey = issueFirstRunKey(store, services.keys, clock, ids)
    const app = await buildGateway(deps, services)
    await app.listen({ host: opts.config.server.host, port: opts.config.server.port })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : opts.config.server.port
    const host = opts.config.server.host.includes(':') ? `[${opts.config.server.host}]` : opts.config.server.host
    return {
      app,
      store,
      url: `http://${host}:${port}`,
      adminToken,
      firstRunKey,
      async close() {
        await app.close()
        store.close()
      },
    }
  } catch (e) {
    store.close()
    throw e
  }
}
