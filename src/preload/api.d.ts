/** What the preload exposes to the renderer as `window.gatehouse`: named functions only, no generic invoke. */
export interface GatewayInfo {
  url: string
  adminToken: string
}

export interface FirstRunKey {
  teamName: string
  key: string
}

export interface GatehouseDesktopApi {
  gatewayInfo(): Promise<GatewayInfo>
  /** The first-run team key, handed out once and then forgotten by the main process. */
  takeFirstRunKey(): Promise<FirstRunKey | null>
  revealInFolder(path: string): Promise<void>
}

declare global {
  interface Window {
    gatehouse?: GatehouseDesktopApi
  }
}
