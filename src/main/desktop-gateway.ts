import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import getPort from 'get-port'
import type { FirstRunKey, GatewayInfo, SetPortResult } from '../preload/api'
import { acquireDataDirLock, type DataDirLock, DataDirLockedError, type LockHolder, readLockHolder } from '../gateway/boot/data-dir-lock'
import { ADMIN_TOKEN_FILE } from '../gateway/security/admin-token'
import { type DesktopSettings, parsePort, saveDesktopSettings } from './desktop-settings'
import type { GatewayChild, GatewayState } from './gateway-supervisor'
import { GatewaySupervisor } from './gateway-supervisor'
import { type DesktopSecrets, type Keychain, openDesktopSecrets, setSecretStorage } from './secrets/desktop-secrets'
import type { GatewayView } from './tray-menu'

export interface DesktopGatewayDeps {
  dataDir: string
  /** Where desktop-settings.json lives (the same folder by default). */
  settingsDir: string
  settings: DesktopSettings
  /** Asked when needed: safeStorage only answers once the app is ready. */
  keychain: () => Keychain | undefined
  launch: () => GatewayChild
  nativeBinding?: string
  onChange: (view: GatewayView) => void
  /** How often an attached app checks that the serve it uses is still there. */
  attachPollMs?: number
}

/**
 * The desktop app's gateway: its own, supervised in a utility process while this app owns the data dir,
 * or the `serve` that already owns it (the app uses that one instead of fighting it, and takes over
 * when it stops).
 */
export class DesktopGateway {
  private view: GatewayView = { kind: 'starting' }
  private lock: DataDirLock | undefined
  private supervisor: GatewaySupervisor | undefined
  private secrets: DesktopSecrets | undefined
  private info: GatewayInfo | null = null
  private firstRunKey: FirstRunKey | null = null
  private attachTimer: NodeJS.Timeout | undefined

  constructor(private readonly deps: DesktopGatewayDeps) {}

  get state(): GatewayView {
    return this.view
  }

  gatewayInfo(): GatewayInfo | null {
    return this.info
  }

  takeFirstRunKey(): FirstRunKey | null {
    const key = this.firstRunKey
    this.firstRunKey = null
    return key
  }

  /** null where there is no keychain to choose: the secrets are in files then. */
  sharedWithServe(): boolean | null {
    if (!this.deps.keychain()) return null
    return this.secrets ? this.secrets.storage === 'files' : null
  }

  start(): void {
    try {
      this.lock = acquireDataDirLock(this.deps.dataDir, 'desktop')
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e
      this.attach(e.holder)
      return
    }
    this.secrets = openDesktopSecrets(this.deps.dataDir, this.deps.keychain())
    const secrets = this.secrets
    const configFile = join(this.deps.dataDir, 'gatehouse.yaml')
    this.supervisor ??= new GatewaySupervisor({
      launch: this.deps.launch,
      request: () => ({
        dataDir: this.deps.dataDir,
        configFile: existsSync(configFile) ? configFile : null,
        port: this.deps.settings.port,
        adminToken: secrets.adminToken,
        secretKey: secrets.secretKey.toString('base64'),
        nativeBinding: this.deps.nativeBinding,
        lockOwner: false,
      }),
      onState: (state) => this.onSupervisorState(state),
      onReady: (ready) => {
        this.info = { url: ready.url, adminToken: ready.adminToken }
        this.firstRunKey = ready.firstRunKey
        this.lock?.setUrl(ready.url)
      },
    })
    this.supervisor.start()
  }

  /** A running serve owns the data dir: use it, with the admin token from its 0600 file. */
  private attach(holder: LockHolder): void {
    const poll = () => {
      const now = readLockHolder(this.deps.dataDir)
      if (!now) {
        clearInterval(this.attachTimer)
        this.info = null
        this.setView({ kind: 'starting' })
        this.start()
        return
      }
      if (now.url && (this.view.kind !== 'attached' || this.view.url !== now.url)) {
        const tokenFile = join(this.deps.dataDir, ADMIN_TOKEN_FILE)
        try {
          this.info = { url: now.url, adminToken: readFileSync(tokenFile, 'utf8').trim() }
          this.setView({ kind: 'attached', url: now.url, pid: now.pid })
        } catch (e) {
          this.setView({ kind: 'locked', holderUrl: now.url, message: `serve runs at ${now.url}, but its admin token cannot be read: ${(e as Error).message}` })
        }
      }
    }
    this.setView({ kind: 'locked', holderUrl: holder.url, message: `serve (pid ${holder.pid}) owns ${this.deps.dataDir}` })
    poll()
    this.attachTimer = setInterval(poll, this.deps.attachPollMs ?? 3000)
  }

  private onSupervisorState(state: GatewayState): void {
    if (state.kind !== 'running') this.info = state.kind === 'stopping' ? this.info : null
    this.setView(state)
  }

  private setView(view: GatewayView): void {
    this.view = view
    this.deps.onChange(view)
  }

  /** The user picked a port (settings, or the suggestion after a conflict): saved, and the gateway moves there. */
  async setPort(value: unknown): Promise<SetPortResult> {
    const parsed = parsePort(value)
    if ('error' in parsed) return { ok: false, message: parsed.error }
    if (this.view.kind === 'attached') return { ok: false, message: 'port: this app uses the running serve; change its --port instead' }
    const current = this.view.kind === 'running' ? Number(new URL(this.view.url).port) : null
    if (parsed.port !== current) {
      const free = await getPort({ port: parsed.port, host: '127.0.0.1' })
      if (free !== parsed.port) return { ok: false, message: `port: ${parsed.port} is taken by another program`, suggestedPort: free }
    }
    this.deps.settings.port = parsed.port
    saveDesktopSettings(this.deps.settingsDir, this.deps.settings)
    this.supervisor?.restart()
    return { ok: true }
  }

  setShareWithServe(share: boolean): void {
    if (!this.deps.keychain() || this.view.kind === 'attached') return
    this.secrets = setSecretStorage(this.deps.dataDir, this.deps.keychain(), share ? 'files' : 'keychain')
  }

  /** Quit: requests in flight finish, the gateway closes, the data dir is free again. */
  async stop(): Promise<void> {
    clearInterval(this.attachTimer)
    await this.supervisor?.stop()
    this.lock?.release()
    this.lock = undefined
  }
}
