import { join } from 'node:path'
import { BrowserWindow, screen, session, shell } from 'electron'
import { type DesktopSettings, placeWindow, type WindowBounds } from '../desktop-settings'
import { contentSecurityPolicy, navigationDecision, permissionAllowed } from './web-security'

export interface MainWindowOptions {
  settings: DesktopSettings
  /** The gateway's origin now (it changes when the port does), or null while none is serving. */
  gatewayOrigin: () => string | null
  icon: string
  onBounds: (bounds: WindowBounds) => void
  /** Closing the window hides it: the gateway keeps serving other tools from the tray. */
  shouldHideOnClose: () => boolean
}

/** Applies the window rules of web-security.ts to the default session (once). */
export function secureSession(gatewayOrigin: () => string | null): void {
  const ses = session.defaultSession
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const media = 'mediaTypes' in details ? (details.mediaTypes ?? []) : []
    callback(permissionAllowed(permission, details.requestingUrl, gatewayOrigin(), media))
  })
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin, details) =>
    permissionAllowed(permission, requestingOrigin, gatewayOrigin(), permission === 'media' ? [details.mediaType ?? 'unknown'] : []),
  )
  ses.webRequest.onHeadersReceived((details, callback) => {
    const origin = gatewayOrigin()
    if (!origin || !details.url.startsWith(`${origin}/`)) return callback({ responseHeaders: details.responseHeaders })
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy()] } })
  })
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const placed = placeWindow(opts.settings.window, screen.getAllDisplays().map((d) => d.workArea))
  const win = new BrowserWindow({
    width: placed?.width ?? 1280,
    height: placed?.height ?? 840,
    x: placed?.x,
    y: placed?.y,
    minWidth: 900,
    minHeight: 600,
    title: 'Gatehouse',
    icon: opts.icon,
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      spellcheck: true,
    },
  })
  if (placed?.maximized) win.maximize()

  const wc = win.webContents
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = navigationDecision(url, opts.gatewayOrigin())
    if (decision === 'allow') return
    event.preventDefault()
    if (decision === 'open-external') void shell.openExternal(url)
  }
  wc.on('will-navigate', (event) => guard(event, event.url))
  wc.on('will-redirect', (event) => guard(event, event.url))
  wc.on('will-attach-webview', (event) => event.preventDefault())
  wc.setWindowOpenHandler(({ url }) => {
    if (navigationDecision(url, null) === 'open-external') void shell.openExternal(url)
    return { action: 'deny' }
  })

  const remember = () => {
    if (win.isDestroyed() || win.isMinimized()) return
    const b = win.isMaximized() ? (opts.settings.window ?? win.getNormalBounds()) : win.getBounds()
    opts.onBounds({ x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() })
  }
  win.on('resized', remember)
  win.on('moved', remember)
  win.on('maximize', remember)
  win.on('unmaximize', remember)
  win.on('close', (event) => {
    remember()
    if (opts.shouldHideOnClose()) {
      event.preventDefault()
      win.hide()
    }
  })
  return win
}
