import type { ModelInfo, ProviderInfo } from '../../../shared/admin-wire'
import type { AppState } from './store-types'

/**
 * Selectors over the catalog that build a new array. Read them through `useAppStoreShallow`: a plain
 * `useAppStore` would see a new array on every render and re-render without end (React error #185).
 */
export const selectChatModels = (s: AppState): ModelInfo[] => s.catalog.models.filter((m) => m.kind === 'chat')

/** Providers a model can be added to by hand: every one but the local engines. */
export const selectUpstreamProviders = (s: AppState): ProviderInfo[] => s.catalog.providers.filter((p) => p.type !== 'local')
