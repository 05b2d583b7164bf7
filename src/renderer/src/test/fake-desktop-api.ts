import type { DictationCommand, GatehouseDesktopApi } from '../../../preload/api'

/**
 * `window.gatehouse` as the desktop preload gives it, answering like a fresh install; `overrides`
 * replace single functions. `command` plays the main process sending a dictation start or stop.
 */
export function fakeDesktopApi(overrides: Partial<GatehouseDesktopApi> = {}) {
  const listeners = new Set<(command: DictationCommand) => void>()
  const api: GatehouseDesktopApi = {
    gatewayInfo: async () => ({ url: 'http://127.0.0.1:4310', adminToken: 't' }),
    takeFirstRunKey: async () => null,
    revealInFolder: async () => undefined,
    openFileDialog: async () => [],
    saveFileDialog: async () => null,
    appVersion: async () => '0.1.0',
    openExternal: async () => undefined,
    gatewaySettings: async () => ({ port: 4310 }),
    setGatewayPort: async () => ({ ok: true }),
    dictationSettings: async () => ({ enabled: false, shortcut: 'CommandOrControl+Shift+Space', mode: 'hold', model: '', language: '' }),
    setDictationSettings: async () => ({ ok: true }),
    onDictationCommand: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    dictationFinished: async () => undefined,
    dictationFailed: async () => undefined,
    systemAudioSupport: async () => ({ kind: 'loopback' }),
    ...overrides,
  }
  return { api, command: (c: DictationCommand) => listeners.forEach((l) => l(c)), listening: () => listeners.size }
}
