import type { StoreApi } from 'zustand'
import type { PlaygroundDraft } from '../lib/playground-model'
import type { AppState, StoreDeps } from './store-types'

type Storage = StoreDeps['storage']

const SESSION_KEY = 'gatehouse.playground.v1'
const DRAFTS_KEY = 'gatehouse.composerDrafts.v1'
const MAX_DRAFTS = 50
const SAVE_DELAY_MS = 250

/** What a reload brings back: the open conversation, its model, prompt, parameters, tools, format and messages, and the unsent draft. */
export interface PlaygroundSession {
  version: 1
  conversationId: string | null
  conversationTitle: string
  draft: PlaygroundDraft
  composerText: string
  /** The messages did not fit in storage: they are read back from the saved conversation. */
  messagesOmitted?: boolean
}

const readJson = <T>(storage: Storage, key: string): T | null => {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null
  } catch {
    return null
  }
}

export function loadPlaygroundSession(storage: Storage): PlaygroundSession | null {
  const s = readJson<PlaygroundSession>(storage, SESSION_KEY)
  if (s?.version !== 1 || !s.draft || typeof s.draft !== 'object') return null
  return { ...s, draft: { ...s.draft, messages: (s.draft.messages ?? []).filter((m) => !m.pending) } }
}

function sessionOf(s: AppState): PlaygroundSession {
  return {
    version: 1,
    conversationId: s.conversationId,
    conversationTitle: s.conversationTitle,
    draft: { ...s.playground, messages: s.playground.messages.filter((m) => !m.pending) },
    composerText: s.composer.text,
  }
}

/** Writes the session; when images or audio make it too big for storage, a saved conversation's messages are left to the gateway. */
export function savePlaygroundSession(storage: Storage, session: PlaygroundSession): void {
  try {
    storage.setItem(SESSION_KEY, JSON.stringify(session))
  } catch {
    const slim = { ...session, draft: { ...session.draft, messages: session.conversationId ? [] : session.draft.messages.map(({ attachments: _a, ...m }) => m) }, messagesOmitted: !!session.conversationId }
    try {
      storage.setItem(SESSION_KEY, JSON.stringify(slim))
    } catch {
      storage.removeItem(SESSION_KEY)
    }
  }
}

/** Keeps the unsent text of the conversation being left, to give it back when that conversation is opened again. */
export function stashComposerDraft(storage: Storage, conversationId: string | null, text: string): void {
  const drafts = readJson<Record<string, string>>(storage, DRAFTS_KEY) ?? {}
  const key = conversationId ?? 'new'
  delete drafts[key]
  if (text.trim()) drafts[key] = text
  const kept = Object.entries(drafts).slice(-MAX_DRAFTS)
  try {
    storage.setItem(DRAFTS_KEY, JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // A draft is a convenience: storage being full must not stop switching conversations.
  }
}

export function takeComposerDraft(storage: Storage, conversationId: string | null): string {
  return readJson<Record<string, string>>(storage, DRAFTS_KEY)?.[conversationId ?? 'new'] ?? ''
}

/**
 * Saves the playground session shortly after each change, and at once when the page is hidden or
 * unloaded, so a reload restores exactly what was on screen. Returns the function that stops it.
 */
export function persistPlaygroundSession(store: StoreApi<AppState>, storage: Storage, target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined' ? null : window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    savePlaygroundSession(storage, sessionOf(store.getState()))
  }
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.playground === prev.playground && s.composer.text === prev.composer.text && s.conversationId === prev.conversationId && s.conversationTitle === prev.conversationTitle) return
    clearTimeout(timer)
    timer = setTimeout(flush, SAVE_DELAY_MS)
  })
  const onHide = () => timer !== undefined && flush()
  target?.addEventListener('pagehide', onHide)
  target?.addEventListener('visibilitychange', onHide)
  return () => {
    unsubscribe()
    if (timer !== undefined) flush()
    target?.removeEventListener('pagehide', onHide)
    target?.removeEventListener('visibilitychange', onHide)
  }
}
