/** What the preload exposes to the renderer as `window.gatehouse`: named functions only, no generic invoke. */
export interface GatewayInfo {
  url: string
  adminToken: string
}

export interface FirstRunKey {
  teamName: string
  key: string
}

export interface FileFilter {
  name: string
  extensions: string[]
}

export interface GatewaySettings {
  /** The port the desktop app's gateway listens on. */
  port: number
}

export type SetPortResult = { ok: true } | { ok: false; message: string; suggestedPort?: number }

export interface GatehouseDesktopApi {
  gatewayInfo(): Promise<GatewayInfo>
  /** The first-run team key, handed out once and then forgotten by the main process. */
  takeFirstRunKey(): Promise<FirstRunKey | null>
  /** Native open dialog: the chosen paths (empty when cancelled), e.g. a model file to import by path. */
  openFileDialog(options?: { title?: string; filters?: FileFilter[]; multiple?: boolean }): Promise<string[]>
  /** Native save dialog, then writes `data` there: the path, or null when cancelled. */
  saveFileDialog(options: { defaultName: string; data: string | Uint8Array; filters?: FileFilter[] }): Promise<string | null>
  revealInFolder(path: string): Promise<void>
  appVersion(): Promise<string>
  /** Opens an http(s) or mailto link in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>
  gatewaySettings(): Promise<GatewaySettings>
  /** Saves the port and restarts the gateway on it; a taken port is refused with a free one to suggest. */
  setGatewayPort(port: number): Promise<SetPortResult>
}

declare global {
  interface Window {
    gatehouse?: GatehouseDesktopApi
  }
}
