import type { IssuedOAuthClient, NewOAuthClientInput, OAuthClientInfo } from '../../../shared/admin-wire'
import { idleList, listLoader, type ListState } from './list-state'
import type { SliceCreator } from './store-types'

export interface OAuthClientsSlice {
  oauthClients: ListState<OAuthClientInfo>
  /** A client just created or rotated: its secret is shown once, then gone for good. */
  revealedClient: { issued: IssuedOAuthClient; action: 'created' | 'rotated' } | null
  loadOAuthClients(): Promise<void>
  createOAuthClient(input: NewOAuthClientInput): Promise<void>
  rotateOAuthClient(id: string): Promise<void>
  revokeOAuthClient(id: string): Promise<void>
  dismissRevealedClient(): void
}

/** OAuth clients (client credentials) of teams and users, beside the keys in the key vault. */
export const createOAuthClientsSlice: SliceCreator<OAuthClientsSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<OAuthClientsSlice['oauthClients']>) => set((s) => ({ oauthClients: { ...s.oauthClients, ...p } }))
  const reveal = async (issued: IssuedOAuthClient, action: 'created' | 'rotated') => {
    set({ revealedClient: { issued, action } })
    await get().loadOAuthClients()
  }
  return {
    oauthClients: idleList(),
    revealedClient: null,
    loadOAuthClients: listLoader(() => get().oauthClients, patch, () => api.oauthClients()),
    async createOAuthClient(input) {
      await reveal(await api.createOAuthClient(input), 'created')
    },
    async rotateOAuthClient(id) {
      await reveal(await api.rotateOAuthClient(id), 'rotated')
    },
    async revokeOAuthClient(id) {
      await api.revokeOAuthClient(id)
      await get().loadOAuthClients()
    },
    dismissRevealedClient() {
      set({ revealedClient: null })
    },
  }
}
