import type { Conversation, ConversationSummary as SummaryInfo } from '../../../shared/admin-wire'
import type { ConversationRow, ConversationSummary } from '../../store/repos/conversations-repo'
import type { AdminDeps } from './admin-deps'
import { plainTitle } from '../../../shared/plain-title'
import { deleted, found } from './admin-rules'

/** The renderer's document; only what search and the list need is read, the rest is kept as sent. */
export interface ConversationData {
  system_prompt?: string
  messages: Array<{ role: string; content?: unknown }>
  [field: string]: unknown
}

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((p) => (p && typeof p === 'object' && 'text' in p && typeof p.text === 'string' ? p.text : '')).join(' ')
}

/** Title, system prompt and message text, lower-cased: what the list's search matches. Attachments are left out. */
export function searchTextOf(title: string, data: ConversationData): string {
  return [title, data.system_prompt ?? '', ...data.messages.map((m) => textOf(m.content))].join('\n').toLowerCase()
}

const defaultTitle = (data: ConversationData) => {
  const first = data.messages.find((m) => m.role === 'user')
  const text = plainTitle(textOf(first?.content))
  return text ? text.slice(0, 80) : 'Untitled conversation'
}

const summaryJson = (c: ConversationSummary): SummaryInfo => ({
  id: c.id,
  title: c.title,
  model: c.model,
  message_count: c.messageCount,
  created_at: Math.floor(c.createdAt / 1000),
  updated_at: Math.floor(c.updatedAt / 1000),
})
const conversationJson = (c: ConversationRow): Conversation => ({ ...summaryJson(c), data: c.data as Record<string, unknown> })

/** Playground conversations, kept for the renderer: list with search, read, create, rename or replace, delete. */
export function createConversationsAdmin({ store, clock, ids }: AdminDeps) {
  const find = (id: string) => found(store.conversations.get(id), 'conversation', id, 'conversation_not_found')
  const save = (id: string, title: string, model: string | null, data: ConversationData) =>
    store.conversations.upsert({ id, title, model, data, searchText: searchTextOf(title, data), messageCount: data.messages.length }, clock.now())

  return {
    list(q: { q?: string; limit: number; offset: number }) {
      const rows = store.conversations.list({ query: q.q?.trim(), limit: q.limit + 1, offset: q.offset })
      return { data: rows.slice(0, q.limit).map(summaryJson), has_more: rows.length > q.limit }
    },
    get: (id: string): Conversation => conversationJson(find(id)),
    create(body: { title?: string; model?: string | null; data: ConversationData }): Conversation {
      return conversationJson(save(ids.uuid(), body.title ?? defaultTitle(body.data), body.model ?? null, body.data))
    },
    update(id: string, body: { title?: string; model?: string | null; data?: ConversationData }): Conversation {
      const current = find(id)
      const data = body.data ?? (current.data as ConversationData)
      return conversationJson(save(current.id, body.title ?? current.title, body.model === undefined ? current.model : body.model, data))
    },
    remove(id: string) {
      const c = find(id)
      store.conversations.delete(c.id)
      return deleted(c.id)
    },
  }
}
