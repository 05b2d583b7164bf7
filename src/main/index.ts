import { homedir, release } from 'node:os'
import { join } from 'node:path'
import { app, type BrowserWindow, clipboard, desktopCapturer, dialog, globalShortcut, Menu, nativeImage, Notification, safeStorage, session, Tray } from 'electron'
import { DESKTOP_CHANNELS } from '../preload/desktop-api'
import { systemAudioSupport } from '../shared/mix-tracks'
import { DesktopGateway } from './desktop-gateway'
import { loadDesktopSettings, saveDesktopSettings } from './desktop-settings'
import { createDictationController, type DictationIndicator } from './dictation/dictation-controller'
import { pasteIntoFocusedApp } from './dictation/electron-paste'
import { electronSqliteBinding, gatewayEntry, utilityGatewayLauncher } from './gateway-launch'
import { registerDesktopIpc } from './ipc-handlers'
import { autostartFile, linuxLoginItem, type LoginItemPort } from './login-item'
import type { Keychain } from './secrets/desktop-secrets'
import { safeStorageKeychain } from './secrets/safe-storage-keychain'
import { systemAudioRequestHandler } from './system-audio/loopback-request'
import { describeGateway, gatewayUrl, type GatewayView, trayMenu, trayTooltip } from './tray-menu'
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
  const audioSupport = systemAudioSupport(process.platform, release())
  let dictationState: DictationIndicator = 'idle'

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
    const view = { gateway: gateway.state, startAtLogin: loginItem.get(), sharedWithServe: gateway.sharedWithServe(), dictation: dictationState }
    tray.setToolTip(trayTooltip(view))
    // macOS shows a title beside the menu-bar icon: a dot while dictation listens
    if (process.platform === 'darwin') tray.setTitle(dictationState === 'recording' ? '●' : dictationState === 'transcribing' ? '…' : '')
    tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenu(
          view,
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

  /** The shortcut drives the recording in the gateway page, which owns the microphone. */
  const dictation = createDictationController({
    globalShortcut,
    sendCommand: (command) => {
      if (!window || window.isDestroyed() || !shownUrl) return false
      window.webContents.send(DESKTOP_CHANNELS.onDictationCommand, command)
      return true
    },
    paste: pasteIntoFocusedApp(clipboard, process.platform),
    setIndicator: (state) => {
      dictationState = state
      refreshTray()
    },
    holdSupported: process.platform !== 'darwin',
    now: () => Date.now(),
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) },
  })

  const notifyDictation = (body: string) => {
    if (Notification.isSupported()) new Notification({ title: 'Gatehouse dictation', body: body.slice(0, 300) }).show()
  }

  function openWindow(show = true): void {
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
      if (show) window.once('ready-to-show', () => window?.show())
      shownUrl = null
      showGatewayInWindow(gateway.state)
      return
    }
    if (!show) return
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
    dictation.dispose()
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
        dictationSettings: () => settings.dictation,
        setDictationSettings: (value) => {
          const changed = dictation.change(value, settings.dictation)
          if (!changed.ok) return changed
          settings.dictation = changed.dictation
          saveDesktopSettings(dataDir, settings)
          return { ok: true }
        },
        // the user is in another app: a failure is told by the system's notification, not the window
        dictationFinished: (text) => dictation.finished(text).catch((e: unknown) => notifyDictation(`The text could not be pasted: ${(e as Error).message}`)),
        dictationFailed: (message) => {
          dictation.failed()
          notifyDictation(typeof message === 'string' ? message : 'Dictation failed.')
        },
        systemAudioSupport: () => audioSupport,
      })
      session.defaultSession.setDisplayMediaRequestHandler(
        systemAudioRequestHandler({ gatewayOrigin: origin, support: audioSupport, screens: () => desktopCapturer.getSources({ types: ['screen'] }) }),
      )
      const shortcut = dictation.apply(settings.dictation)
      if (!shortcut.ok) console.warn(`Gatehouse: ${shortcut.message}`)
      const trayIcon = nativeImage.createFromPath(resource(process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'))
      tray = new Tray(trayIcon)
      tray.on('click', () => openWindow())
      refreshTray()
      gateway.start()
      // started hidden with dictation on: the page that records is there, its window is not shown
      if (!startHidden || settings.dictation.enabled) openWindow(!startHidden)
    })
    .catch((e: unknown) => {
      dialog.showErrorBox('Gatehouse could not start', (e as Error).message)
      app.exit(1)
    })
}
