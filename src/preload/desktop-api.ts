import type { DictationCommand, GatehouseDesktopApi } from './api'

/** Every IPC channel the renderer can reach, one per function of the desktop API. */
export const DESKTOP_CHANNELS = {
  gatewayInfo: 'gatehouse:gateway-info',
  takeFirstRunKey: 'gatehouse:take-first-run-key',
  openFileDialog: 'gatehouse:open-file-dialog',
  saveFileDialog: 'gatehouse:save-file-dialog',
  revealInFolder: 'gatehouse:reveal-in-folder',
  appVersion: 'gatehouse:app-version',
  openExternal: 'gatehouse:open-external',
  gatewaySettings: 'gatehouse:gateway-settings',
  setGatewayPort: 'gatehouse:set-gateway-port',
  dictationSettings: 'gatehouse:dictation-settings',
  setDictationSettings: 'gatehouse:set-dictation-settings',
  /** The one channel the main process sends on (main to page); every other is invoked by the page. */
  onDictationCommand: 'gatehouse:dictation-command',
  dictationFinished: 'gatehouse:dictation-finished',
  dictationFailed: 'gatehouse:dictation-failed',
  systemAudioSupport: 'gatehouse:system-audio-support',
} as const satisfies Record<keyof GatehouseDesktopApi, string>

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>
/** Listens on a main-to-page channel, handing over only the message (never the IPC event); returns the unsubscribe. */
type Subscribe = (channel: string, listener: (message: unknown) => void) => () => void

const DICTATION_COMMANDS = new Set<unknown>(['start', 'stop'])

/**
 * The API as named functions over `invoke`: each passes its own arguments on its own channel, so the
 * renderer can neither pick a channel nor reach ipcRenderer itself.
 */
export function createDesktopApi(invoke: Invoke, subscribe: Subscribe): GatehouseDesktopApi {
  const c = DESKTOP_CHANNELS
  return {
    gatewayInfo: () => invoke(c.gatewayInfo) as ReturnType<GatehouseDesktopApi['gatewayInfo']>,
    takeFirstRunKey: () => invoke(c.takeFirstRunKey) as ReturnType<GatehouseDesktopApi['takeFirstRunKey']>,
    openFileDialog: (options) => invoke(c.openFileDialog, options ?? {}) as Promise<string[]>,
    saveFileDialog: (options) => invoke(c.saveFileDialog, options) as Promise<string | null>,
    revealInFolder: (path) => invoke(c.revealInFolder, path) as Promise<void>,
    appVersion: () => invoke(c.appVersion) as Promise<string>,
    openExternal: (url) => invoke(c.openExternal, url) as Promise<void>,
    gatewaySettings: () => invoke(c.gatewaySettings) as ReturnType<GatehouseDesktopApi['gatewaySettings']>,
    setGatewayPort: (port) => invoke(c.setGatewayPort, port) as ReturnType<GatehouseDesktopApi['setGatewayPort']>,
    dictationSettings: () => invoke(c.dictationSettings) as ReturnType<GatehouseDesktopApi['dictationSettings']>,
    setDictationSettings: (settings) => invoke(c.setDictationSettings, settings) as ReturnType<GatehouseDesktopApi['setDictationSettings']>,
    onDictationCommand: (listener) =>
      subscribe(c.onDictationCommand, (command) => {
        if (DICTATION_COMMANDS.has(command)) listener(command as DictationCommand)
      }),
    dictationFinished: (text) => invoke(c.dictationFinished, text) as Promise<void>,
    dictationFailed: (message) => invoke(c.dictationFailed, message) as Promise<void>,
    systemAudioSupport: () => invoke(c.systemAudioSupport) as ReturnType<GatehouseDesktopApi['systemAudioSupport']>,
  }
}
