import type { SliceCreator } from './store-types'

export type ThemeChoice = 'system' | 'light' | 'dark'
const THEME_KEY = 'gatehouse.theme'

export interface SettingsSlice {
  theme: ThemeChoice
  setTheme(theme: ThemeChoice): void
}

/** Preferences kept in the browser's storage (they belong to this screen, not to the gateway). */
export const createSettingsSlice: SliceCreator<SettingsSlice> = ({ storage }) => (set) => {
  const saved = storage.getItem(THEME_KEY)
  return {
    theme: saved === 'light' || saved === 'dark' ? saved : 'system',
    setTheme(theme) {
      storage.setItem(THEME_KEY, theme)
      set({ theme })
    },
  }
}
