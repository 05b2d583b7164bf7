import type { StateCreator } from 'zustand'
import type { GatewayApi } from '../api/gateway-api'
import type { AccessSlice } from './access-slice'
import type { AudioSlice } from './audio-slice'
import type { CatalogSlice } from './catalog-slice'
import type { CollectionsSlice } from './collections-slice'
import type { CompareSlice } from './compare-slice'
import type { ConversationsSlice } from './conversations-slice'
import type { FilesSlice } from './files-slice'
import type { HubSlice } from './hub-slice'
import type { KeysSlice } from './keys-slice'
import type { LocalModelsSlice } from './local-models-slice'
import type { ManageSlice } from './manage-slice'
import type { McpSlice } from './mcp-slice'
import type { OAuthClientsSlice } from './oauth-clients-slice'
import type { PlaygroundSlice } from './playground-slice'
import type { RecordingsSlice } from './recordings-slice'
import type { SessionSlice } from './session-slice'
import type { SettingsSlice } from './settings-slice'
import type { UiSlice } from './ui-slice'
import type { UsageSlice } from './usage-slice'

export type AppState = SessionSlice &
  McpSlice &
  SettingsSlice &
  UiSlice &
  AccessSlice &
  CatalogSlice &
  ManageSlice &
  LocalModelsSlice &
  HubSlice &
  KeysSlice &
  OAuthClientsSlice &
  PlaygroundSlice &
  CompareSlice &
  ConversationsSlice &
  UsageSlice &
  FilesSlice &
  AudioSlice &
  RecordingsSlice &
  CollectionsSlice

/** What the slices need from outside; tests pass fakes. */
export interface StoreDeps {
  api: GatewayApi
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}

export type SliceCreator<T> = (deps: StoreDeps) => StateCreator<AppState, [], [], T>

/** The lifecycle of anything loaded from the gateway; `missing` is a route this gateway does not have yet. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error' | 'missing'
