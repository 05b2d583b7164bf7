import type { StoreApi } from 'zustand'
import { ApiError, isAbort, messageOf } from '../api/api-error'
import { buildChatRequest } from '../lib/build-request'
import { localId, selectChoice, type AssistantAnswer, type DraftMessage } from '../lib/playground-model'
import { responseFormatBody } from '../lib/response-format'
import { refusedBeforeSending, turnFailure } from '../lib/turn-failure'
import type { AppState, StoreDeps } from './store-types'

const REFUSED_KEY = new Set(['invalid_api_key', 'revoked_api_key', 'expired_api_key'])
export const LAST_MODEL_KEY = 'gatehouse.lastModel'

/** How the answer was asked for, so the message can show the parsed JSON and play the audio. */
export function answerShape(state: AppState): Pick<AssistantAnswer, 'structured' | 'audioFormat'> {
  const rf = state.playground.responseFormat
  const body = responseFormatBody(rf)
  const schema = body.ok && rf.kind === 'json_schema' ? (body.body as { json_schema: { schema: unknown } }).json_schema.schema : undefined
  return {
    ...(rf.kind === 'text' ? {} : { structured: { kind: rf.kind, schema } }),
    ...(state.playground.params.modalities === 'text,audio' ? { audioFormat: state.playground.params.audio_format } : {}),
  }
}

/**
 * Runs the playground's conversation: one call at a time, streamed into a placeholder answer, stoppable.
 * A failure never leaves a turn to be resent silently: a refusal by the gateway hands the new user turn
 * back to the composer; any other failure marks the last message failed until it is retried or edited.
 */
export function createRunner(deps: StoreDeps, set: StoreApi<AppState>['setState'], get: () => AppState, _store: StoreApi<AppState>) {
  let controller: AbortController | null = null
  const patchMessage = (id: string, fn: (m: DraftMessage) => DraftMessage) =>
    set((s) => ({ playground: { ...s.playground, messages: s.playground.messages.map((m) => (m.id === id ? fn(m) : m)) } }))
  const dropMessage = (id: string) => set((s) => ({ playground: { ...s.playground, messages: s.playground.messages.filter((m) => m.id !== id) } }))

  async function call(body: Parameters<StoreDeps['api']['chat']>[0], route: { fallbacks: 'default' | 'on' | 'off'; api: 'chat' | 'responses' }, placeholder: string, signal: AbortSignal, retry = true) {
    const apiKey = await get().ensureApiKey()
    try {
      return await deps.api.chat(body, {
        apiKey,
        ...route,
        signal,
        onUpdate: (choices) => patchMessage(placeholder, (m) => ({ ...m, content: choices[0]?.content ?? '', answer: { ...m.answer!, choices } })),
      })
    } catch (e) {
      if (retry && e instanceof ApiError && e.status === 401 && REFUSED_KEY.has(e.code ?? '') && !get().access.own) {
        get().forgetApiKey()
        return call(body, route, placeholder, signal, false)
      }
      throw e
    }
  }

  /** After a failure: the new user turn goes back to the composer (gateway refusals), or the last message is marked failed. */
  function settleFailure(e: unknown, newTurnId: string | undefined) {
    const model = get().playground.model
    const list = get().playground.messages
    const newTurn = newTurnId ? list.find((m) => m.id === newTurnId) : undefined
    const composerFree = !get().composer.text.trim() && !get().composer.attachments.length
    if (refusedBeforeSending(e) && newTurn && list.at(-1)?.id === newTurn.id && composerFree) {
      dropMessage(newTurn.id)
      set({ composer: { text: newTurn.content, attachments: newTurn.attachments ?? [] }, run: { status: 'idle', error: messageOf(e), problems: null } })
      return
    }
    const last = list.at(-1)
    if (last) patchMessage(last.id, (m) => ({ ...m, failed: turnFailure(e, model) }))
    set({ run: { status: 'idle', error: last ? null : messageOf(e), problems: null } })
  }

  return {
    /** `newTurnId`: the user message this run was started for, handed back if the gateway refuses the request. */
    async run(newTurnId?: string) {
      const state = get()
      const built = buildChatRequest(state.playground)
      if (!built.ok) {
        set({ run: { status: 'idle', error: built.summary, problems: built.problems } })
        return
      }
      const id = localId()
      const placeholder: DraftMessage = { id, role: 'assistant', content: '', pending: true, at: Date.now(), answer: { choices: [], selected: 0, meta: null, ...answerShape(state) } }
      set((s) => ({
        run: { status: 'running', error: null, problems: null },
        playground: { ...s.playground, messages: [...s.playground.messages.map((m) => (m.failed ? { ...m, failed: undefined } : m)), placeholder] },
      }))
      controller = new AbortController()
      try {
        const result = await call(built.body, built, id, controller.signal)
        patchMessage(id, (m) => selectChoice({ ...m, pending: false, at: Date.now(), answer: { ...m.answer!, choices: result.choices, meta: result.meta } }, 0))
        set((s) => ({ run: { ...s.run, status: 'idle' }, lastModel: built.body.model }))
        deps.storage.setItem(LAST_MODEL_KEY, built.body.model)
        void get().refreshStatus()
        await get().saveConversation().catch((err: unknown) => get().notify(`Not saved: ${messageOf(err)}`, 'error'))
      } catch (e) {
        const partial = get().playground.messages.find((m) => m.id === id)
        if (isAbort(e)) {
          if (partial?.content) patchMessage(id, (m) => ({ ...m, pending: false }))
          else dropMessage(id)
          set({ run: { status: 'idle', error: null, problems: null } })
        } else {
          dropMessage(id)
          settleFailure(e, newTurnId)
        }
      } finally {
        controller = null
      }
    },
    stop() {
      controller?.abort()
    },
  }
}
