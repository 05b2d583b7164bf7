import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryKeychain } from '../../test/support/memory-keychain'
import { GATEWAY_PROCESS_SOURCE, nodeGatewayLauncher } from '../../test/support/gateway-child'
import { useTempDirs } from '../../test/support/temp-dirs'
import { DataDirLockedError, readLockHolder } from '../gateway/boot/data-dir-lock'
import { startGateway } from '../gateway/boot/start-gateway'
import { defaultConfig } from '../gateway/config/load-config'
import { DesktopGateway } from './desktop-gateway'
import { loadDesktopSettings } from './desktop-settings'
import type { Keychain } from './secrets/desktop-secrets'
import type { GatewayView } from './tray-menu'

const tempDir = useTempDirs('gh-desktop-')
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function desktop(dataDir: string, keychain: Keychain | undefined) {
  const views: GatewayView[] = []
  const waiters: Array<[GatewayView['kind'], (v: GatewayView) => void]> = []
  const settings = { ...loadDesktopSettings(dataDir), port: 0 }
  const gateway = new DesktopGateway({
    dataDir,
    settingsDir: dataDir,
    settings,
    keychain: () => keychain,
    launch: nodeGatewayLauncher(GATEWAY_PROCESS_SOURCE).launch,
    attachPollMs: 100,
    onChange: (v) => {
      views.push(v)
      for (const w of waiters.filter(([k]) => k === v.kind)) {
        waiters.splice(waiters.indexOf(w), 1)
        w[1](v)
      }
    },
  })
  cleanups.push(() => gateway.stop())
  const next = (kind: GatewayView['kind']) => new Promise<GatewayView>((resolve) => waiters.push([kind, resolve]))
  return { gateway, views, next }
}

const newDataDir = () => {
  const dir = join(tempDir(), 'data')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  return dir
}

describe('the desktop app\'s gateway', () => {
  it('owns a fresh data dir: sealed secrets, its URL in the lock, serve refused while it runs, the dir free after quit', async () => {
    const dataDir = newDataDir()
    const d = desktop(dataDir, memoryKeychain())
    const running = d.next('running')
    d.gateway.start()
    const view = (await running) as Extract<GatewayView, { kind: 'running' }>
    expect(readLockHolder(dataDir)).toMatchObject({ pid: process.pid, owner: 'desktop', url: view.url })
    expect(readdirSync(dataDir).filter((f) => /token|secret/.test(f)).sort()).toEqual(['admin-token.sealed', 'secret.key.sealed'])
    const info = d.gateway.gatewayInfo()!
    expect((await fetch(`${info.url}/admin/teams`, { headers: { authorization: `Bearer ${info.adminToken}` } })).status).toBe(200)
    expect(d.gateway.takeFirstRunKey()?.key).toMatch(/^gth-team-/)
    expect(d.gateway.takeFirstRunKey()).toBeNull()
    expect(d.gateway.sharedWithServe()).toBe(false)

    await expect(startGateway({ config: defaultConfig(), dataDir, env: {} })).rejects.toThrow(DataDirLockedError)
    await d.gateway.stop()
    expect(readLockHolder(dataDir)).toBeNull()
  })

  it('uses the serve that owns the data dir instead of fighting it, and takes over when serve stops', async () => {
    const dataDir = newDataDir()
    const config = defaultConfig()
    config.server.port = 0
    const serve = await startGateway({ config, dataDir, env: {} })
    const d = desktop(dataDir, memoryKeychain())
    const attached = d.next('attached')
    d.gateway.start()
    expect(await attached).toMatchObject({ kind: 'attached', url: serve.url, pid: process.pid })
    expect(d.gateway.gatewayInfo()).toEqual({ url: serve.url, adminToken: serve.adminToken })
    expect((await d.gateway.setPort(4999)).ok).toBe(false)

    const running = d.next('running')
    await serve.close()
    const own = (await running) as Extract<GatewayView, { kind: 'running' }>
    expect(own.url).not.toBe(serve.url)
    // serve made the data dir: its secret files stay, so serve can run on it again after the app quits
    expect(d.gateway.sharedWithServe()).toBe(true)
    expect(d.gateway.gatewayInfo()!.adminToken).toBe(serve.adminToken)
  })
})
