import type { IssuedKey, KeyInfo, NewKeyInput } from '../../../shared/admin-wire'
import { idleList, listLoader, type ListState } from './list-state'
import type { SliceCreator } from './store-types'

export interface KeysSlice {
  keys: ListState<KeyInfo>
  /** A key just created or rotated: shown once, then gone for good. */
  revealedKey: { issued: IssuedKey; action: 'created' | 'rotated' } | null
  loadKeys(): Promise<void>
  createKey(input: NewKeyInput): Promise<void>
  rotateKey(id: string): Promise<void>
  revokeKey(id: string): Promise<void>
  dismissRevealedKey(): void
}

export const createKeysSlice: SliceCreator<KeysSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<KeysSlice['keys']>) => set((s) => ({ keys: { ...s.keys, ...p } }))
  const reveal = async (issued: IssuedKey, action: 'created' | 'rotated') => {
    set({ revealedKey: { issued, action } })
    await get().loadKeys()
  }
  return {
    keys: idleList(),
    revealedKey: null,
    loadKeys: listLoader(() => get().keys, patch, () => api.keys()),
    async createKey(input) {
      await reveal(await api.createKey(input), 'created')
    },
    async rotateKey(id) {
      await reveal(await api.rotateKey(id), 'rotated')
    },
    async revokeKey(id) {
      await api.revokeKey(id)
      if (get().access.keyId === id) get().forgetApiKey()
      await get().loadKeys()
    },
    dismissRevealedKey() {
      set({ revealedKey: null })
    },
  }
}
