import { badRequest, notFound } from '../../../shared/errors'
import type { ChatMessage } from '../../../shared/chat/types'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock, IdGenerator } from '../../kernel/runtime'
import { STORAGE_FAULT_CAUSE, storageFault } from '../../kernel/storage-fault'
import type { NewStoredResponse } from '../../store/repos/responses-repo'
import type { Store } from '../../store/store'
import type { ChatService, PreparedChat } from '../chat/chat-service'
import type { Pipeline, ServedBy } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import { responseFromCompletion, responseShell, type NewItemId } from './from-pivot'
import { inlineFileParts, type ReadFile } from './input-files'
import { itemIdsOf, newResponseKey, responseId, responseIdOfItem } from './item-ids'
import { createNativeResponses } from './native-responses'
import { listedItem, resolveItems, type StoredItem } from './input-items'
import { inputToMessages } from './input-to-messages'
import { inResponsesTerms } from './pivot-params'
import { parseResponsesRequest } from './request-schema'
import type { InputItem, ResponseObject, ResponsesRequest } from './responses-types'
import { toPivot } from './to-pivot'

/** A Responses request past validation, routing and its credit hold: the pivot request it became. */
export interface PreparedResponse {
  chat: PreparedChat
  req: ResponsesRequest
  id: string
  /** Makes the ids of this response's items, which name the response (item-ids.ts). */
  newItemId: NewItemId & ((prefix: string) => string)
  items: StoredItem[]
  store: boolean
}

const MAX_CHAIN = 1000

/**
 * How long a finished response waits to be written, so one commit keeps many (a row cost about 25 µs
 * of CPU in a commit of its own, 10 µs in a commit of eight). Reads write what waits first, so only
 * a crash within this window loses stored copies, never an answer.
 */
const COMMIT_AFTER_MS = 10

/**
 * `/v1/responses` as a front over the chat service: the request becomes a chat pivot request (the
 * conversation rebuilt from `previous_response_id`), runs through the one pipeline (auth, scoping,
 * credits, fallbacks, tools, one usage row with endpoint `responses`), and its answer is turned back
 * into a response object, kept per team while `store` is on (the default).
 */
export function createResponsesService(deps: { chat: ChatService; pipeline: Pipeline; store: Store; clock: Clock; ids: IdGenerator; retentionSeconds: number; readFile: (teamId: string) => ReadFile; log?: FastifyBaseLogger }) {
  const { chat, store, clock, ids } = deps
  const nowSeconds = () => Math.floor(clock.now() / 1000)

  /** Every item of the conversation before `id`, oldest first: each response's input, then its output. */
  function history(teamId: string, id: string): InputItem[] {
    const turns: InputItem[][] = []
    let next: string | null = id
    for (let i = 0; next && i < MAX_CHAIN; i++) {
      const row = stored(next, teamId)
      if (!row) {
        if (i === 0) throw badRequest(`Previous response with id '${id}' not found (it may have expired or been deleted, or been made with store: false).`, 'previous_response_id', 'previous_response_not_found')
        break
      }
      turns.unshift([...(row.inputItems as InputItem[]), ...(row.response as ResponseObject).output])
      next = row.previousResponseId
    }
    return turns.flat()
  }

  // Kept responses are written together, COMMIT_AFTER_MS after the first of them (group commit: one
  // transaction for many, as the ledger writes usage rows); every read of them flushes first, and
  // only a read: a request that names no stored response leaves the batch to grow.
  let pending: NewStoredResponse[] = []
  // A full disk or a locked database costs the stored copies (logged), never the answers already sent,
  // and never the process: this runs from a timer.
  function flush(): void {
    if (!pending.length) return
    const batch = pending
    pending = []
    try {
      store.responses.insert(batch)
    } catch (err) {
      const fault = storageFault(err)
      deps.log?.warn({ responses: batch.length, ...(fault ? {} : { err }) }, `responses were answered but not stored: ${fault ? STORAGE_FAULT_CAUSE[fault] : 'the database refused them'}`)
    }
  }

  /** Keeps a finished response (when `store` is on), given as the JSON the client was sent. */
  function keep(prep: PreparedResponse, response: ResponseObject, responseJson: string): void {
    if (!prep.store) return
    const ctx = prep.chat.run.ctx
    if (!pending.length) setTimeout(flush, COMMIT_AFTER_MS).unref()
    pending.push({ id: response.id, teamId: ctx.principal.team.id, previousResponseId: prep.req.previous_response_id ?? null, createdAt: response.created_at, expiresAt: response.created_at + deps.retentionSeconds, responseJson, inputItemsJson: JSON.stringify(prep.items) })
  }

  /** A live kept response of the team, the ones still waiting to be written included. */
  function stored(id: string, teamId: string) {
    flush()
    return store.responses.get(id, teamId, nowSeconds())
  }

  /** An item of one of the team's live kept responses, found through the response its id names. */
  function storedItem(teamId: string, itemId: string): InputItem | undefined {
    const owner = responseIdOfItem(itemId)
    const row = owner === undefined ? undefined : stored(owner, teamId)
    if (!row) return undefined
    return [...(row.inputItems as StoredItem[]), ...(row.response as ResponseObject).output].find((item) => item.id === itemId) as InputItem | undefined
  }

  return {
    /** Models whose provider has the Responses API itself: the request passes through (see native-responses.ts). */
    native: createNativeResponses(deps.pipeline),
    keep,
    flush,

    async prepare(ctx: RequestContext, body: unknown, useFallbacks: boolean | undefined): Promise<PreparedResponse> {
      const req = parseResponsesRequest(body)
      const teamId = ctx.principal.team.id
      const key = newResponseKey(clock.now(), ids.token)
      const newItemId = itemIdsOf(key) as PreparedResponse['newItemId']
      const items = resolveItems(req.input, (id) => storedItem(teamId, id), newItemId)
      const past: ChatMessage[] = req.previous_response_id ? inputToMessages(history(teamId, req.previous_response_id), 'previous_response_id') : []
      const pivot = toPivot(req, past, inputToMessages(await inlineFileParts(items, deps.readFile(teamId))))
      let prepared: PreparedChat
      try {
        prepared = chat.prepare(ctx, pivot, useFallbacks, 'responses')
      } catch (err) {
        throw inResponsesTerms(err)
      }
      // Local models have no reasoning controls: the setting is accepted (and echoed), not sent.
      if (prepared.run.chain[0]?.provider.type === 'local') delete prepared.req.reasoning_effort
      // A team that keeps no content (data policy keep_content: false) gets its answers, never a stored copy.
      return { chat: prepared, req, id: responseId(key), newItemId, items, store: (req.store ?? true) && deps.pipeline.keepsContent(ctx) }
    },

    /** Opens the stream on the first model that answers (errors told in Responses terms). */
    openStream(prep: PreparedResponse) {
      return chat.openStream(prep.chat).catch((err: unknown) => Promise.reject(inResponsesTerms(err)))
    },

    /** The response object a finished request starts from, for the model that answered. */
    shell(prep: PreparedResponse, served: ServedBy): ResponseObject {
      return responseShell(prep.req, { id: prep.id, createdAt: Math.floor(prep.chat.run.ctx.startedAt / 1000), model: served.target.model.name, store: prep.store })
    },

    /** The finished response as JSON: the reply's body and the kept copy, serialized once. */
    async complete(prep: PreparedResponse): Promise<{ json: string } & ServedBy> {
      const { completion, ...served } = await chat.complete(prep.chat).catch((err: unknown) => Promise.reject(inResponsesTerms(err)))
      const response = responseFromCompletion(this.shell(prep, served), completion, prep.newItemId, completion.usage.svc_credits_cost)
      const json = JSON.stringify(response)
      keep(prep, response, json)
      return { json, ...served }
    },

    get(teamId: string, id: string): ResponseObject {
      const row = stored(id, teamId)
      if (!row) throw notFound(`No response found with id '${id}'.`, 'not_found', 'response_id')
      return row.response as ResponseObject
    },

    inputItems(teamId: string, id: string, q: { after?: string; before?: string; limit: number; order: 'asc' | 'desc' }) {
      const row = stored(id, teamId)
      if (!row) throw notFound(`No response found with id '${id}'.`, 'not_found', 'response_id')
      const all = (row.inputItems as StoredItem[]).map(listedItem)
      if (q.order === 'desc') all.reverse()
      let start = 0
      let end = all.length
      if (q.after !== undefined) {
        const i = all.findIndex((it) => it.id === q.after)
        if (i < 0) throw badRequest(`after: no input item '${q.after}' in this response; pass the id of an item from a previous page.`, 'after')
        start = i + 1
      }
      if (q.before !== undefined) {
        const i = all.findIndex((it) => it.id === q.before)
        if (i < 0) throw badRequest(`before: no input item '${q.before}' in this response; pass the id of an item from a previous page.`, 'before')
        end = i
      }
      const page = q.before !== undefined && q.after === undefined ? all.slice(Math.max(start, end - q.limit), end) : all.slice(start, Math.min(end, start + q.limit))
      const hasMore = q.before !== undefined && q.after === undefined ? end - q.limit > start : start + q.limit < end
      return { object: 'list' as const, data: page, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: hasMore }
    },

    delete(teamId: string, id: string) {
      flush()
      if (!store.responses.delete(id, teamId, nowSeconds())) throw notFound(`No response found with id '${id}'.`, 'not_found', 'response_id')
      return { id, object: 'response.deleted' as const, deleted: true as const }
    },

    /** Drops responses past their retention; the sweep runs beside the files' one. */
    sweepExpired(): number {
      let total = 0
      for (let n = store.responses.sweepExpired(nowSeconds()); n > 0; n = store.responses.sweepExpired(nowSeconds())) total += n
      return total
    },
  }
}

export type ResponsesService = ReturnType<typeof createResponsesService>
