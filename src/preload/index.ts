import { contextBridge, ipcRenderer } from 'electron'
import { createDesktopApi } from './desktop-api'

/** Only what needs the OS crosses IPC; everything else is HTTP to the gateway. */
contextBridge.exposeInMainWorld(
  'gatehouse',
  createDesktopApi(
    (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    (channel, listener) => {
      const forward = (_event: unknown, message: unknown) => listener(message)
      ipcRenderer.on(channel, forward)
      return () => void ipcRenderer.removeListener(channel, forward)
    },
  ),
)
