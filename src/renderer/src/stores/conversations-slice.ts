import { ApiError, messageOf } from '../api/api-error'
import type { ConversationSummary } from '../../../shared/admin-wire'
import { fromDocument, toDocument, type ConversationDocument } from '../lib/conversation-doc'
import { loadPlaygroundSession } from './playground-persistence'
import type { LoadStatus, SliceCreator } from './store-types'
import { missingOrError } from './list-state'
import { newestReads } from './newest-read'

export interface ConversationsSlice {
  conversations: { status: LoadStatus; error: string | null; list: ConversationSummary[]; query: string }
  loadConversations(query?: string): Promise<void>
  openConversation(id: string): Promise<void>
  /** Creates the conversation on its first save, then keeps it up to date. */
  saveConversation(): Promise<void>
  renameConversation(id: string, title: string): Promise<void>
  deleteConversation(id: string): Promise<void>
  exportConversation(id: string, format: 'json' | 'md'): Promise<{ fileName: string; text: string }>
  /** After a reload whose saved session had no room for the messages: reads them back from the conversation. */
  resumeSession(): Promise<void>
}

/** Hand edits (a message, the prompt, a parameter) to a saved conversation are saved this long after the last one. */
export const EDIT_SAVE_DELAY_MS = 800

/** Conversations kept in the gateway's SQLite (`/admin/conversations`): list, search, open, save, rename, delete, export. */
export const createConversationsSlice: SliceCreator<ConversationsSlice> = ({ api, storage }) => (set, get, store) => {
  const restored = loadPlaygroundSession(storage)
  let omitted = restored?.messagesOmitted && restored.conversationId ? restored.conversationId : null
  const patch = (p: Partial<ConversationsSlice['conversations']>) => set((s) => ({ conversations: { ...s.conversations, ...p } }))
  let saving: Promise<void> = Promise.resolve()
  let editTimer: ReturnType<typeof setTimeout> | undefined
  // Runs save themselves when they end; this catches edits made by hand between runs.
  store.subscribe((s, prev) => {
    const edited = s.playground !== prev.playground && s.conversationId !== null && s.conversationId === prev.conversationId
    if (!edited || s.run.status !== 'idle' || prev.run.status !== 'idle') return
    clearTimeout(editTimer)
    editTimer = setTimeout(() => void get().saveConversation().catch((e: unknown) => get().notify(`Not saved: ${messageOf(e)}`, 'error')), EDIT_SAVE_DELAY_MS)
  })

  const beginRead = newestReads()
  const load = async (id: string) => {
    const c = await api.conversation(id)
    return { summary: c, draft: fromDocument(c.model, c.data as Partial<ConversationDocument>) }
  }

  return {
    conversations: { status: 'idle', error: null, list: [], query: '' },
    async loadConversations(query = get().conversations.query) {
      const isNewest = beginRead()
      patch({ query, status: get().conversations.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        const list = await api.conversations({ q: query || undefined, limit: 200 })
        if (isNewest()) patch({ list, status: 'ready' })
      } catch (e) {
        if (isNewest()) patch({ status: missingOrError(e), error: messageOf(e) })
      }
    },
    async openConversation(id) {
      const { summary, draft } = await load(id)
      get().loadDraft(draft, summary.id, summary.title)
    },
    saveConversation() {
      saving = saving.catch(() => undefined).then(async () => {
        const { playground, conversationId } = get()
        if (!playground.messages.some((m) => !m.pending)) return
        const data = toDocument(playground)
        const create = () => api.createConversation({ model: playground.model || null, data })
        // A conversation restored after a reload may have been deleted meanwhile (or the data dir replaced).
        const saved = conversationId
          ? await api.updateConversation(conversationId, { model: playground.model || null, data }).catch((e: unknown) => {
              if (e instanceof ApiError && e.status === 404) return create()
              throw e
            })
          : await create()
        set({ conversationId: saved.id, conversationTitle: saved.title })
        await get().loadConversations()
      })
      return saving
    },
    async renameConversation(id, title) {
      const saved = await api.updateConversation(id, { title })
      if (get().conversationId === id) set({ conversationTitle: saved.title })
      await get().loadConversations()
    },
    async deleteConversation(id) {
      await api.deleteConversation(id)
      if (get().conversationId === id) set({ conversationId: null, conversationTitle: '' })
      await get().loadConversations()
    },
    async resumeSession() {
      const id = omitted
      omitted = null
      if (!id || get().conversationId !== id || get().playground.messages.length) return
      const { draft } = await load(id)
      set((s) => ({ playground: { ...s.playground, messages: draft.messages } }))
    },
    async exportConversation(id, format) {
      const { summary, draft } = id === get().conversationId ? { summary: { title: get().conversationTitle }, draft: get().playground } : await load(id)
      // The exporters load with the first export: the first page never carries them.
      const { exportFileName, exportJson, exportMarkdown } = await import('../lib/conversation-export')
      const text = format === 'json' ? exportJson(summary.title, draft, new Date()) : exportMarkdown(summary.title, draft, new Date())
      return { fileName: exportFileName(summary.title, format), text }
    },
  }
}
