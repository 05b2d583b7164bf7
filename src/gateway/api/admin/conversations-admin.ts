import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { ConversationRow, ConversationSummary } from '../../store/repos/conversations-repo'
import type { AdminContext } from './admin-context'
import { seconds } from './admin-helpers'

const message = z.looseObject({ role: z.string().min(1) })
/** The renderer's document; only what search and the list need is checked, the rest is kept as sent. */
const conversationData = z.looseObject({ system_prompt: z.string().optional(), messages: z.array(message).max(10_000) })
const createBody = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  model: z.string().max(200).nullable().optional(),
  data: conversationData,
})
const patchBody = createBody.partial()
const listQuery = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
})

type Data = z.output<typeof conversationData>

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((p) => (p && typeof p === 'object' && 'text' in p && typeof p.text === 'string' ? p.text : '')).join(' ')
}

/** Title, system prompt and message text, lower-cased: what the list's search matches. Attachments are left out. */
export function searchTextOf(title: string, data: Data): string {
  return [title, data.system_prompt ?? '', ...data.messages.map((m) => textOf(m.content))].join('\n').toLowerCase()
}

const defaultTitle = (data: Data) => {
  const first = data.messages.find((m) => m.role === 'user')
  const text = textOf(first?.content).trim().replace(/\s+/g, ' ')
  return text ? text.slice(0, 80) : 'Untitled conversation'
}

const summaryJson = (c: ConversationSummary) => ({
  id: c.id,
  title: c.title,
  model: c.model,
  message_count: c.messageCount,
  created_at: seconds(c.createdAt),
  updated_at: seconds(c.updatedAt),
})
const conversationJson = (c: ConversationRow) => ({ ...summaryJson(c), data: c.data })

/** Playground conversations, kept for the renderer: list with search, read, create, rename or replace, delete. */
export async function conversationsAdmin(app: FastifyInstance, { store, clock, ids }: AdminContext) {
  const find = (id: string) => {
    const c = store.conversations.get(id)
    if (!c) throw notFound(`No conversation with id "${id}".`, 'conversation_not_found', 'id')
    return c
  }
  const save = (id: string, title: string, model: string | null, data: Data) =>
    store.conversations.upsert({ id, title, model, data, searchText: searchTextOf(title, data), messageCount: data.messages.length }, clock.now())

  app.get('/conversations', async (req) => {
    const q = parseOrThrow(listQuery, req.query)
    const rows = store.conversations.list({ query: q.q?.trim(), limit: q.limit + 1, offset: q.offset })
    return { data: rows.slice(0, q.limit).map(summaryJson), has_more: rows.length > q.limit }
  })
  app.get<{ Params: { id: string } }>('/conversations/:id', async (req) => conversationJson(find(req.params.id)))
  app.post('/conversations', async (req, reply) => {
    const body = parseOrThrow(createBody, req.body)
    const row = save(ids.uuid(), body.title ?? defaultTitle(body.data), body.model ?? null, body.data)
    return reply.code(201).send(conversationJson(row))
  })
  app.patch<{ Params: { id: string } }>('/conversations/:id', async (req) => {
    const current = find(req.params.id)
    const body = parseOrThrow(patchBody, req.body)
    const data = body.data ?? (current.data as Data)
    return conversationJson(save(current.id, body.title ?? current.title, body.model === undefined ? current.model : body.model, data))
  })
  app.delete<{ Params: { id: string } }>('/conversations/:id', async (req) => {
    const c = find(req.params.id)
    store.conversations.delete(c.id)
    return { id: c.id, deleted: true }
  })
}
