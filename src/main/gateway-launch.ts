import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { app, utilityProcess } from 'electron'
import type { FromGateway } from './gateway-process/gateway-protocol'
import type { GatewayChild } from './gateway-supervisor'

/** The gateway process entry built beside this bundle (electron.vite.config.ts emits the .cjs trampoline). */
export const gatewayEntry = (): string => join(import.meta.dirname, 'gateway-process.cjs')

/**
 * better-sqlite3 built for Electron's ABI. A packaged app has it in node_modules (electron-builder
 * rebuilds it); `npm start` builds a copy into out/native so the Node build in node_modules stays for
 * serve and the tests.
 */
export function electronSqliteBinding(): string | undefined {
  if (app.isPackaged) return undefined
  const file = join(app.getAppPath(), 'out', 'native', `electron-${process.versions.electron}`, 'better_sqlite3.node')
  return existsSync(file) ? file : undefined
}

/** Starts the gateway in an Electron utility process: its own Node, so heavy work never freezes the window. */
export function utilityGatewayLauncher(entry: string): () => GatewayChild {
  return () => {
    const child = utilityProcess.fork(entry, [], { serviceName: 'Gatehouse gateway', stdio: 'inherit' })
    const spawned = new Promise<void>((resolve) => child.once('spawn', () => resolve()))
    return {
      send: (m) => void spawned.then(() => child.postMessage(m)),
      onMessage: (h) => void child.on('message', (m: FromGateway) => h(m)),
      onExit: (h) => void child.once('exit', (code) => h(code)),
      kill: () => void child.kill(),
    }
  }
}
