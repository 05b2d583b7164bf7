import { contextBridge, ipcRenderer } from 'electron'
import type { GatehouseDesktopApi } from './api'

/** Only what needs the OS crosses IPC; everything else is HTTP to the gateway. */
const api: GatehouseDesktopApi = {
  gatewayInfo: () => ipcRenderer.invoke('gateway:info'),
  takeFirstRunKey: () => ipcRenderer.invoke('gateway:take-first-run-key'),
  revealInFolder: (path: string) => ipcRenderer.invoke('shell:reveal', path),
}

contextBridge.exposeInMainWorld('gatehouse', api)
