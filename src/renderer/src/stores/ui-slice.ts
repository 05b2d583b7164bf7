import type { SliceCreator } from './store-types'

export interface Toast {
  id: number
  kind: 'info' | 'success' | 'error'
  text: string
}

export interface UiSlice {
  toasts: Toast[]
  notify(text: string, kind?: Toast['kind']): void
  dismissToast(id: number): void
}

let nextToast = 1

/** Short notices ("Copied", "Saved", errors of background actions), shown in one polite live region. */
export const createUiSlice: SliceCreator<UiSlice> = () => (set) => ({
  toasts: [],
  notify(text, kind = 'info') {
    const toast = { id: nextToast++, kind, text }
    set((s) => ({ toasts: [...s.toasts.slice(-3), toast] }))
  },
  dismissToast(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }))
  },
})
