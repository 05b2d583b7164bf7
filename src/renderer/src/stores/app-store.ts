import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { createAccessSlice } from './access-slice'
import { createAudioSlice } from './audio-slice'
import { createCatalogSlice } from './catalog-slice'
import { createCollectionsSlice } from './collections-slice'
import { createCompareSlice } from './compare-slice'
import { createConversationsSlice } from './conversations-slice'
import { createFilesSlice } from './files-slice'
import { createHubSlice } from './hub-slice'
import { createKeysSlice } from './keys-slice'
import { createLocalModelsSlice } from './local-models-slice'
import { createManageSlice } from './manage-slice'
import { createMcpSlice } from './mcp-slice'
import { createOAuthClientsSlice } from './oauth-clients-slice'
import { createPlaygroundSlice } from './playground-slice'
import { createRecordingsSlice } from './recordings-slice'
import { createSessionSlice } from './session-slice'
import { createSettingsSlice } from './settings-slice'
import type { AppState, StoreDeps } from './store-types'
import { createUiSlice } from './ui-slice'
import { createUsageSlice } from './usage-slice'

export type AppStore = StoreApi<AppState>

/** The one store of the renderer, made of typed slices; the gateway client is passed in. */
export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createSessionSlice(deps)(...a),
    ...createSettingsSlice(deps)(...a),
    ...createUiSlice(deps)(...a),
    ...createAccessSlice(deps)(...a),
    ...createCatalogSlice(deps)(...a),
    ...createManageSlice(deps)(...a),
    ...createLocalModelsSlice(deps)(...a),
    ...createHubSlice(deps)(...a),
    ...createKeysSlice(deps)(...a),
    ...createOAuthClientsSlice(deps)(...a),
    ...createPlaygroundSlice(deps)(...a),
    ...createCompareSlice(deps)(...a),
    ...createConversationsSlice(deps)(...a),
    ...createUsageSlice(deps)(...a),
    ...createFilesSlice(deps)(...a),
    ...createAudioSlice(deps)(...a),
    ...createRecordingsSlice(deps)(...a),
    ...createCollectionsSlice(deps)(...a),
    ...createMcpSlice(deps)(...a),
  }))
}

export const StoreContext = createContext<AppStore | null>(null)

export function useAppStore<T>(selector: (s: AppState) => T): T {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useAppStore needs <StoreContext.Provider>.')
  return useStore(store, selector)
}

/**
 * For a selector that builds a new array or object (`filter`, `map`, `{...}`): the component re-renders
 * only when an element changes, not on every store update (which with `useAppStore` loops until React
 * gives up with "maximum update depth exceeded").
 */
export function useAppStoreShallow<T>(selector: (s: AppState) => T): T {
  return useAppStore(useShallow(selector))
}

export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useAppStoreApi needs <StoreContext.Provider>.')
  return store
}
