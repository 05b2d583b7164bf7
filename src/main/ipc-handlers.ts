import { writeFile } from 'node:fs/promises'
import { app, BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent, shell } from 'electron'
import type { DictationSettings, FirstRunKey, GatewayInfo, GatewaySettings, SaveResult, SetPortResult, SystemAudioSupport } from '../preload/api'
import { DESKTOP_CHANNELS } from '../preload/desktop-api'
import { isExternalLink, isTrustedSender } from './window/web-security'

export interface DesktopIpcDeps {
  gatewayInfo(): GatewayInfo | null
  takeFirstRunKey(): FirstRunKey | null
  gatewaySettings(): GatewaySettings
  setGatewayPort(port: unknown): Promise<SetPortResult>
  gatewayOrigin(): string | null
  dictationSettings(): DictationSettings
  setDictationSettings(value: unknown): SaveResult
  dictationFinished(text: unknown): Promise<void>
  dictationFailed(message: unknown): void
  systemAudioSupport(): SystemAudioSupport
}

/**
 * Answers the preload's channels (src/preload/desktop-api.ts), each only for the gateway's own page:
 * a frame from anywhere else gets an error, never a token.
 */
export function registerDesktopIpc(deps: DesktopIpcDeps): void {
  const handle = <A extends unknown[]>(channel: string, fn: (event: IpcMainInvokeEvent, ...args: A) => unknown) =>
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event.senderFrame?.url, deps.gatewayOrigin())) throw new Error('refused: this page is not the gateway')
      return fn(event, ...(args as A))
    })
  const c = DESKTOP_CHANNELS
  handle(c.gatewayInfo, () => {
    const info = deps.gatewayInfo()
    if (!info) throw new Error('the gateway is not running')
    return info
  })
  handle(c.takeFirstRunKey, () => deps.takeFirstRunKey())
  handle(c.appVersion, () => app.getVersion())
  handle(c.gatewaySettings, () => deps.gatewaySettings())
  handle(c.setGatewayPort, (_e, port: unknown) => deps.setGatewayPort(port))
  handle(c.dictationSettings, () => deps.dictationSettings())
  handle(c.setDictationSettings, (_e, value: unknown) => deps.setDictationSettings(value))
  handle(c.dictationFinished, (_e, text: unknown) => deps.dictationFinished(text))
  handle(c.dictationFailed, (_e, message: unknown) => deps.dictationFailed(message))
  handle(c.systemAudioSupport, () => deps.systemAudioSupport())
  handle(c.revealInFolder, (_e, path: unknown) => {
    if (typeof path !== 'string' || !path) throw new Error('path: must be a file path')
    shell.showItemInFolder(path)
  })
  handle(c.openExternal, async (_e, url: unknown) => {
    if (typeof url !== 'string' || !isExternalLink(url)) throw new Error('url: only http, https and mailto links open outside the app')
    await shell.openExternal(url)
  })
  handle(c.openFileDialog, async (event, options: { title?: string; filters?: Electron.FileFilter[]; multiple?: boolean } = {}) => {
    const win = BrowserWindow.fromWebContents(event.sender)
    const properties: Array<'openFile' | 'multiSelections'> = options.multiple ? ['openFile', 'multiSelections'] : ['openFile']
    const picked = win ? await dialog.showOpenDialog(win, { title: options.title, filters: options.filters, properties }) : await dialog.showOpenDialog({ title: options.title, filters: options.filters, properties })
    return picked.canceled ? [] : picked.filePaths
  })
  handle(c.saveFileDialog, async (event, options: { defaultName: string; data: string | Uint8Array; filters?: Electron.FileFilter[] }) => {
    if (typeof options?.defaultName !== 'string' || (typeof options.data !== 'string' && !(options.data instanceof Uint8Array))) {
      throw new Error('saveFileDialog: needs defaultName (a file name) and data (text or bytes)')
    }
    const win = BrowserWindow.fromWebContents(event.sender)
    const dialogOptions = { defaultPath: options.defaultName, filters: options.filters }
    const picked = win ? await dialog.showSaveDialog(win, dialogOptions) : await dialog.showSaveDialog(dialogOptions)
    if (picked.canceled || !picked.filePath) return null
    await writeFile(picked.filePath, options.data)
    return picked.filePath
  })
}
