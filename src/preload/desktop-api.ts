import type { GatehouseDesktopApi } from './api'

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
} as const satisfies Record<keyof GatehouseDesktopApi, string>

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>

/**
 * The API as named functions over `invoke`: each passes its own arguments on its own channel, so the
 * renderer can neither pick a channel nor reach ipcRenderer itself.
 */
export function createDesktopApi(invoke: Invoke): GatehouseDesktopApi {
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
  }
}
