import type { ClusterApi } from '../api/cluster-api'
import type { OllamaSettingsApi } from '../api/ollama-settings-api'
import type { SliceCreator } from './store-types'

export type ThemeChoice = 'system' | 'light' | 'dark'
/** How the composer sends: Ctrl/Cmd+Enter (Enter is a new line), or Enter (Shift+Enter is a new line). */
export type SendKey = 'mod-enter' | 'enter'
const THEME_KEY = 'gatehouse.theme'
const SEND_KEY = 'gatehouse.sendKey'

export interface SettingsSlice {
  theme: ThemeChoice
  setTheme(theme: ThemeChoice): void
  sendKey: SendKey
  setSendKey(key: SendKey): void
  /** The gateway's Ollama keyless setting, read and saved by its Settings section. */
  ollamaSettingsApi: OllamaSettingsApi
  /** The store and live instances, read by the Store and instances section. */
  clusterApi: ClusterApi
}

/** Preferences kept in the browser's storage (they belong to this screen, not to the gateway). */
export const createSettingsSlice: SliceCreator<SettingsSlice> = ({ storage, api }) => (set) => {
  const saved = storage.getItem(THEME_KEY)
  return {
    theme: saved === 'light' || saved === 'dark' ? saved : 'system',
    setTheme(theme) {
      storage.setItem(THEME_KEY, theme)
      set({ theme })
    },
    ollamaSettingsApi: api,
    clusterApi: api,
    sendKey: storage.getItem(SEND_KEY) === 'enter' ? 'enter' : 'mod-enter',
    setSendKey(sendKey) {
      storage.setItem(SEND_KEY, sendKey)
      set({ sendKey })
    },
  }
}
