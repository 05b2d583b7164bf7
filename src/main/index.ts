import { homedir } from 'node:os'
import { join } from 'node:path'
import { app, type BrowserWindow, clipboard, dialog, Menu, nativeImage, safeStorage, Tray } from 'electron'
import { DesktopGateway } from './desktop-gateway'
import { loadDesktopSettings, saveDesktopSettings } from './desktop-settings'
import { electronSqliteBinding, gatewayEntry, utilityGatewayLauncher } from './gateway-launch'
import { registerDesktopIpc } from './ipc-handlers'
import { autostartFile, linuxLoginItem, type LoginItemPort } from './login-item'
import type { Keychain } from './secrets/desktop-secrets'
import { safeStorageKeychain } from './secrets/safe-storage-keychain'
import { describeGateway, gatewayUrl, type GatewayView, trayMenu } from './tray-menu'
import { createMainWindow, secureSession } from './window/main-window'
import { statusPageUrl } from './window/status-page'

/**
 * Electron's composition root: one instance, a tray that shows the gateway, a window on the gateway's
 * own page, and the gateway itself in a supervised utility process (or the `serve` already running on
 * the data dir). Quitting lets requests in flight finish first.
 */
if (!app.requestSingleInstanceLock()) app.exit(0)
else {
  app.setAppUserModelId('app.gatehouse.desktop')
  let window: BrowserWindow | undefined
  let tray: Tray | undefined
  let quitting = false
  let shownUrl: string | null = null
  let keychain: Keychain | undefined
  const startHidden = process.argv.includes('--hidden')
  const dataDir = app.getPath('userData')
  const settings = loadDesktopSettings(dataDir)
  const resource = (name: string) => join(app.getAppPath(), 'resources', name)

  const loginItem: LoginItemPort =
    process.platform === 'linux'
      ? linuxLoginItem(autostartFile(process.env, homedir()), process.env.APPIMAGE ?? process.execPath)
      : { get: () => app.getLoginItemSettings().openAtLogin, set: (on) => app.setLoginItemSettings({ openAtLogin: on, args: ['--hidden'] }) }

  const origin = () => {
    const url = gatewayUrl(gateway.state)
    return url ? new URL(url).origin : null
  }

  /** The window follows the gateway: its page while it serves, its state in words while it does not. */
  const showGatewayInWindow = (view: GatewayView) => {
    if (!window || window.isDestroyed()) return
    const url = gatewayUrl(view)
    if (url && url !== shownUrl) void window.loadURL(url)
    else if (!url && view.kind !== 'stopping') void window.loadURL(statusPageUrl('Gatehouse', describeGateway(view)))
    shownUrl = url
  }

  const refreshTray = () => {
    if (!tray) return
    tray.setToolTip(`Gatehouse: ${describeGateway(gateway.state)}`)
    tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenu(
          { gateway: gateway.state, startAtLogin: loginItem.get(), sharedWithServe: gateway.sharedWithServe() },
          {
            open: () => openWindow(),
            copyEndpoint: (url) => clipboard.writeText(url),
            setStartAtLogin: (on) => {
              loginItem.set(on)
              refreshTray()
            },
            setShareWithServe: (on) => {
              gateway.setShareWithServe(on)
              refreshTray()
            },
            quit: () => app.quit(),
          },
        ),
      ),
    )
  }

  const askForAnotherPort = async (view: Extract<GatewayView, { kind: 'port-taken' }>) => {
    const choice = await dialog.showMessageBox({
      type: 'warning',
      title: 'Gatehouse',
      message: `Port ${view.port} is taken by another program, so the gateway cannot listen on it.`,
      detail: `Port ${view.suggestedPort} is free. Gatehouse can use it from now on (saved in its settings; tools pointed at the old port need the new URL).`,
      buttons: [`Use port ${view.suggestedPort}`, 'Quit'],
      defaultId: 0,
      cancelId: 1,
    })
    if (choice.response !== 0) return app.quit()
    const result = await gateway.setPort(view.suggestedPort)
    if (!result.ok) dialog.showErrorBox('Gatehouse', result.message)
  }

  const gateway = new DesktopGateway({
    dataDir,
    settingsDir: dataDir,
    settings,
    keychain: () => keychain,
    launch: utilityGatewayLauncher(gatewayEntry()),
    nativeBinding: electronSqliteBinding(),
    onChange: (view) => {
      refreshTray()
      showGatewayInWindow(view)
      if (view.kind === 'port-taken' && view.suggestedPort) void askForAnotherPort(view)
      if (view.kind === 'failed') dialog.showErrorBox('Gatehouse could not start its gateway', view.message)
    },
  })

  function openWindow(): void {
    if (!window || window.isDestroyed()) {
      window = createMainWindow({
        settings,
        gatewayOrigin: origin,
        icon: resource('icon.png'),
        onBounds: (bounds) => {
          settings.window = bounds
          saveDesktopSettings(dataDir, settings)
        },
        shouldHideOnClose: () => !quitting && tray !== undefined,
      })
      window.once('ready-to-show', () => window?.show())
      shownUrl = null
      showGatewayInWindow(gateway.state)
      return
    }
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  }

  app.on('second-instance', () => openWindow())
  app.on('activate', () => openWindow())
  // With the tray the app lives on without windows; Quit is in the tray and the app menu.
  app.on('window-all-closed', () => {
    if (!tray) app.quit()
  })
  app.on('before-quit', (event) => {
    if (quitting) return
    quitting = true
    event.preventDefault()
    void gateway.stop().finally(() => app.quit())
  })

  app
    .whenReady()
    .then(() => {
      keychain = safeStorageKeychain(safeStorage)
      secureSession(origin)
      registerDesktopIpc({
        gatewayInfo: () => gateway.gatewayInfo(),
        takeFirstRunKey: () => gateway.takeFirstRunKey(),
        gatewaySettings: () => ({ port: settings.port }),
        setGatewayPort: (port) => gateway.setPort(port),
        gatewayOrigin: origin,
      })
      const trayIcon = nativeImage.createFromPath(resource(process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'))
      tray = new Tray(trayIcon)
      tray.on('click', () => openWindow())
      refreshTray()
      gateway.start()
      if (!startHidden) openWindow()
    })
    .catch((e: unknown) => {
      dialog.showErrorBox('Gatehouse could not start', (e as Error).message)
      app.exit(1)
    })
}
