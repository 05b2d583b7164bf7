import { chmodSync, mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { trackInFlight } from '../http/in-flight'
import { buildGateway, buildOllamaListener } from './app'
import { acquireDataDirLock } from './data-dir-lock'
import type { GatewayDeps } from './gateway-deps'
import { createServices } from './services'
import { createBlobStore } from '../blobs/blob-store'
import type { GatewayConfig } from '../config/gateway-config'
import { withInstalledModels } from '../config/installed-models'
import { ModelManager } from '../engines/model-manager/model-manager'
import { installedLocalModels } from '../services/local-models/installed-model-rows'
import type { Env } from '../kernel/runtime'
import { isPostgresUrl, storeLocation } from '../config/store-location'
import { resolveSharedSecrets, type SharedSecrets, type SharedSecretSources } from '../security/shared-secrets'
import { ADMIN_TOKEN_FILE, loadAdminToken } from '../security/admin-token'
import { fileCipher } from '../security/file-cipher'
import { assertHeadlessCanReadSecrets } from '../security/key-slots'
import type { SecretCipher } from '../security/secret-cipher'
import { seedFromConfig } from '../services/config-seed'
import { issueFirstRunKey } from '../services/first-run'
import { describeStore, openStore, type Store } from '../store/store'
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
  /** The desktop app unseals it from the OS keychain; headless, it is the data dir's `admin-token` file. */
  adminToken?: string
  /**
   * Who takes the data dir's single-owner lock: this gateway, as `serve` (default) or another name, or
   * nobody when the caller already holds it (the desktop app's main process holds it for its gateway).
   */
  lockOwner?: string | false
  /** The admin token and the provider-key sealing key from flags or env (required with a PostgreSQL store). */
  secrets?: SharedSecretSources
}

export interface RunningGateway {
  app: FastifyInstance
  store: Store
  url: string
  /** The `server.ollama_port` listener's URL, or null when it is off. */
  ollamaUrl: string | null
  adminToken: string
  /** Which store this instance uses, safe to show: `SQLite <file>` or `PostgreSQL <host:port/db>` (never a password). */
  storeDescription: string
  /** Set on the first start of a data dir: the one time this key is shown. */
  firstRunKey: { teamName: string; plaintext: string } | null
  /** Requests being answered right now. */
  inFlight(): number
  /** Stops taking requests, lets those in flight finish (up to `drainMs`), then closes. True when nothing was cut short. */
  stop(drainMs: number): Promise<boolean>
  close(): Promise<void>
}

/** Opens the data dir, brings the store in line with the config, and listens. Shared by cli.ts and Electron's main. */
export async function startGateway(opts: StartOptions): Promise<RunningGateway> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 })
  chmodSync(opts.dataDir, 0o700)
  const storeUrl = opts.config.store?.url
  const shared = isPostgresUrl(storeUrl)
  const lock = opts.lockOwner === false ? undefined : acquireDataDirLock(opts.dataDir, opts.lockOwner ?? 'serve')
  let store: Store
  let secrets: SharedSecrets
  const sqliteFile = join(opts.dataDir, 'gatehouse.db')
  try {
    // Given secrets are checked first; missing ones only once the store is known reachable (its error says more).
    secrets = resolveSharedSecrets(opts.secrets ?? {}, { required: false })
    if ((!opts.cipher && !secrets.cipher) || (opts.adminToken === undefined && secrets.adminToken === undefined)) assertHeadlessCanReadSecrets(opts.dataDir)
    store = openStore(storeUrl ?? sqliteFile, { nativeBinding: opts.nativeBinding })
    try {
      if (shared) secrets = resolveSharedSecrets(opts.secrets ?? {}, { required: true })
    } catch (e) {
      store.close()
      throw e
    }
  } catch (e) {
    lock?.release()
    throw e
  }
  let app: FastifyInstance | undefined
  let ollamaUrl: string | null = null
  const urlOf = (port: number) => `http://${opts.config.server.host.includes(':') ? `[${opts.config.server.host}]` : opts.config.server.host}:${port}`
  let ollamaApp: FastifyInstance | undefined
  try {
    const clock = systemClock
    const ids = randomIds
    const cipher = opts.cipher ?? secrets.cipher ?? fileCipher(opts.dataDir)
    const modelsDir = join(opts.dataDir, 'models')
    const config = withInstalledModels(opts.config, await installedLocalModels(new ModelManager({ modelsDir })))
    seedFromConfig(config, { store, clock, ids, cipher })
    const adminToken = opts.adminToken ?? secrets.adminToken ?? loadAdminToken(opts.dataDir)
    const adminTokenFile = opts.adminToken !== undefined ? undefined : secrets.adminToken !== undefined ? secrets.adminTokenFile : join(opts.dataDir, ADMIN_TOKEN_FILE)
    // blobs.dir: files, batch outputs and recordings in a directory the instances share; model files stay in the data dir.
    const blobRoot = config.blobs.dir ?? opts.dataDir
    const blobOptions = { shared }
    const instance = { id: `gw_${ids.token(9)}`, host: hostname(), pid: process.pid, shared, store: storeLocation({ url: storeUrl, sqliteFile }) }
    const deps: GatewayDeps = { config, store, clock, ids, cipher, adminToken, adminTokenFile, env: opts.env, logger: opts.logger, blobs: createBlobStore(join(blobRoot, 'files'), blobOptions), recordingBlobs: createBlobStore(join(blobRoot, 'recordings'), blobOptions), modelsDir, instance }
    const services = createServices(deps)
    const firstRunKey = issueFirstRunKey(store, services.keys, clock, ids)
    app = await buildGateway(deps, services)
    await app.listen({ host: config.server.host, port: config.server.port })
    // server.ollama_port: the Ollama API alone on a second port; it closes with the gateway.
    if (config.server.ollamaPort != null) {
      ollamaApp = await buildOllamaListener(deps, services)
      await ollamaApp.listen({ host: config.server.host, port: config.server.ollamaPort })
      ollamaUrl = urlOf((ollamaApp.server.address() as { port: number }).port)
    }
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : opts.config.server.port
    const url = urlOf(port)
    lock?.setUrl(url)
    services.cluster.start(url)
    const running = app
    const requests = trackInFlight(running.server)
    const close = async () => {
      await ollamaApp?.close()
      await running.close()
      store.close()
      lock?.release()
    }
    return {
      app: running,
      store,
      storeDescription: describeStore(opts.config.store?.url ?? join(opts.dataDir, 'gatehouse.db')),
      url,
      ollamaUrl,
      adminToken,
      firstRunKey,
      inFlight: () => requests.count,
      async stop(drainMs) {
        const drained = await requests.drain(drainMs)
        await close()
        return drained
      },
      close,
    }
  } catch (e) {
    // A gateway that was built but could not listen (port taken) stops its services before the store closes.
    await ollamaApp?.close()
    await app?.close()
    store.close()
    lock?.release()
    throw e
  }
}

