import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { app, BrowserWindow, ipcMain, shell } from 'electron'
import { defaultConfig, loadConfigFile } from '../gateway/config/load-config'
import { createLogger } from '../gateway/kernel/logging'
import { startGateway, type RunningGateway } from '../gateway/boot/start-gateway'
import { safeStorageCipher } from './safe-storage-cipher'

/** Electron's composition root: starts the embedded gateway, then the window that talks to it. */
let gateway: RunningGateway | undefined
let firstRunKey: { teamName: string; key: string } | null = null

async function startEmbeddedGateway(): Promise<RunningGateway> {
  const dataDir = app.getPath('userData')
  const configFile = join(dataDir, 'gatehouse.yaml')
  const config = existsSync(configFile) ? loadConfigFile(configFile, process.env) : defaultConfig()
  const nativeBinding = join(app.getAppPath(), 'out', 'native', `electron-${process.versions.electron}`, 'better_sqlite3.node')
  return startGateway({
    config,
    dataDir,
    env: process.env,
    cipher: safeStorageCipher(),
    logger: createLogger({ level: 'warn' }),
    nativeBinding: existsSync(nativeBinding) ? nativeBinding : undefined,
  })
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    title: 'Gatehouse',
    show: false,
    webPreferences: { preload: join(import.meta.dirname, '../preload/index.cjs'), contextIsolation: true, sandbox: true, nodeIntegration: false },
  })
  win.once('ready-to-show', () => win.show())
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  // The gateway serves the built renderer at `/`, so the window's requests are same-origin (a file://
  // page would be cross-origin to the gateway and get no CORS headers). In dev, electron-vite's server.
  if (process.env.ELECTRON_RENDERER_URL) void win.loadURL(process.env.ELECTRON_RENDERER_URL)
  else void win.loadURL(gateway!.url)
}

app.whenReady().then(async () => {
  gateway = await startEmbeddedGateway()
  if (gateway.firstRunKey) firstRunKey = { teamName: gateway.firstRunKey.teamName, key: gateway.firstRunKey.plaintext }
  ipcMain.handle('gateway:info', () => ({ url: gateway!.url, adminToken: gateway!.adminToken }))
  ipcMain.handle('gateway:take-first-run-key', () => {
    const k = firstRunKey
    firstRunKey = null
    return k
  })
  ipcMain.handle('shell:reveal', (_e, path: string) => shell.showItemInFolder(path))
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
}).catch((e: unknown) => {
  console.error(`Gatehouse could not start: ${(e as Error).message}`)
  app.exit(1)
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
app.on('will-quit', () => {
  void gateway?.close()
})
