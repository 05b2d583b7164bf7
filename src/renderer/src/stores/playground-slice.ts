import type { ParamName } from '../lib/chat-params'
import type { DraftProblems } from '../lib/build-request'
import { emptyDraft, localId, selectChoice, type Attachment, type DraftMessage, type PlaygroundDraft, type SystemRole } from '../lib/playground-model'
import type { ResponseFormatDraft } from '../lib/response-format'
import { buildChatRequest } from '../lib/build-request'
import { createRunner, LAST_MODEL_KEY } from './playground-runner'
import { loadPlaygroundSession, stashComposerDraft, takeComposerDraft } from './playground-persistence'
import type { SliceCreator } from './store-types'

export interface RunState {
  status: 'idle' | 'running'
  error: string | null
  problems: DraftProblems | null
}

export interface PlaygroundSlice {
  playground: PlaygroundDraft
  run: RunState
  playgroundMode: 'chat' | 'compare'
  /** What is being typed in the composer, kept here so shortcuts and page switches keep it. */
  composer: { text: string; attachments: Attachment[] }
  setComposerText(text: string): void
  addComposerAttachment(a: Attachment): void
  removeComposerAttachment(id: string): void
  /** Sends the composer's text and attachments and clears it; empty, it runs a conversation that waits for an answer. */
  sendComposer(): Promise<void>
  /** The model of the last answer that arrived: the default for a new conversation. */
  lastModel: string | null
  /** The last message's run failed: run it again, with this model when one is given. */
  retryFailed(model?: string): Promise<void>
  /** Takes a failed user message back into the composer to change it (the turn is removed). */
  editFailed(): void
  /** Drops a failed user message (or, for another message, only its failure). */
  discardFailed(): void
  /** The saved conversation being edited, if any. */
  conversationId: string | null
  conversationTitle: string
  setPlaygroundMode(mode: 'chat' | 'compare'): void
  setModel(model: string): void
  setSystemPrompt(text: string): void
  setSystemRole(role: SystemRole): void
  setParam(name: ParamName, value: string): void
  resetParams(): void
  setToolsText(text: string): void
  setToolChoice(choice: string): void
  setResponseFormat(patch: Partial<ResponseFormatDraft>): void
  addMessage(role: DraftMessage['role'], content: string, attachments?: Attachment[]): void
  updateMessage(id: string, patch: Partial<Pick<DraftMessage, 'content' | 'role' | 'attachments'>>): void
  deleteMessage(id: string): void
  selectMessageChoice(id: string, index: number): void
  /** Adds the user's message (when there is text or an attachment) and runs the conversation. */
  send(text?: string, attachments?: Attachment[]): Promise<void>
  /** Drops this message's answer and everything after it, then runs again. */
  rerunFrom(id: string): Promise<void>
  /** Adds the tool's result; when every call of that answer has one, the conversation runs on. */
  answerToolCall(assistantId: string, callId: string, content: string): Promise<void>
  stop(): void
  dismissRunError(): void
  newConversation(): void
  loadDraft(draft: PlaygroundDraft, id: string | null, title: string): void
}

/** An edit by hand: the chosen choice takes the new text (its token probabilities no longer apply); a role change drops what only answers have. */
function editedMessage(m: DraftMessage, patch: Partial<Pick<DraftMessage, 'content' | 'role' | 'attachments'>>): DraftMessage {
  const next = { ...m, ...patch }
  if (patch.role && patch.role !== 'assistant') return { ...next, answer: undefined, toolCalls: undefined, audioId: undefined }
  if (patch.content !== undefined && m.answer) {
    const choices = m.answer.choices.map((c, i) => (i === m.answer!.selected ? { ...c, content: patch.content!, logprobs: [] } : c))
    return { ...next, answer: { ...m.answer, choices } }
  }
  return next
}

/** The conversation being edited in the playground, and running it. */
export const createPlaygroundSlice: SliceCreator<PlaygroundSlice> = (deps) => (set, get, store) => {
  const draft = (p: Partial<PlaygroundDraft>) => set((s) => ({ playground: { ...s.playground, ...p } }))
  const messages = (fn: (m: DraftMessage[]) => DraftMessage[]) => set((s) => ({ playground: { ...s.playground, messages: fn(s.playground.messages) } }))
  const runner = createRunner(deps, set, get, store)
  const restored = loadPlaygroundSession(deps.storage)

  /**
   * Whether a new user turn may be added: never after a failed one (nothing is resent silently), and
   * never when the request it would make is refused here already; the composer then keeps the text.
   */
  const accepts = (text: string, attachments: Attachment[]) => {
    const list = get().playground.messages
    if (list.at(-1)?.failed) {
      set({ run: { status: 'idle', error: 'The last message got no answer: retry it, edit it or discard it first.', problems: null } })
      return false
    }
    const next = text.trim() || attachments.length ? [...list, { id: 'next', role: 'user' as const, content: text, attachments }] : list
    const built = buildChatRequest({ ...get().playground, messages: next })
    if (!built.ok) set({ run: { status: 'idle', error: built.summary, problems: built.problems } })
    return built.ok
  }

  return {
    playground: restored?.draft ?? emptyDraft(),
    run: { status: 'idle', error: null, problems: null },
    playgroundMode: 'chat',
    composer: { text: restored?.composerText ?? '', attachments: [] },
    setComposerText: (text) => set((s) => ({ composer: { ...s.composer, text } })),
    addComposerAttachment: (a) => set((s) => ({ composer: { ...s.composer, attachments: [...s.composer.attachments, a] } })),
    removeComposerAttachment: (id) => set((s) => ({ composer: { ...s.composer, attachments: s.composer.attachments.filter((a) => a.id !== id) } })),
    async sendComposer() {
      if (get().run.status === 'running') return
      const { text, attachments } = get().composer
      // An empty send only runs a conversation that waits for an answer (after a user or tool message).
      if (!text.trim() && !attachments.length && get().playground.messages.at(-1)?.role === 'assistant') return
      if (!accepts(text, attachments)) return
      set({ composer: { text: '', attachments: [] } })
      await get().send(text, attachments)
    },
    lastModel: deps.storage.getItem(LAST_MODEL_KEY),
    async retryFailed(model) {
      const last = get().playground.messages.at(-1)
      if (get().run.status === 'running' || !last?.failed) return
      if (model) draft({ model })
      messages((list) => list.map((m) => (m.failed ? { ...m, failed: undefined } : m)))
      await runner.run()
    },
    editFailed() {
      const last = get().playground.messages.at(-1)
      if (!last?.failed) return
      if (last.role !== 'user') return messages((list) => list.map((m) => (m.id === last.id ? { ...m, failed: undefined } : m)))
      messages((list) => list.slice(0, -1))
      set((s) => ({ composer: { text: last.content + (s.composer.text ? `\n${s.composer.text}` : ''), attachments: [...(last.attachments ?? []), ...s.composer.attachments] }, run: { ...s.run, error: null } }))
    },
    discardFailed() {
      const last = get().playground.messages.at(-1)
      if (!last?.failed) return
      messages((list) => (last.role === 'user' ? list.slice(0, -1) : list.map((m) => (m.id === last.id ? { ...m, failed: undefined } : m))))
    },
    conversationId: restored?.conversationId ?? null,
    conversationTitle: restored?.conversationTitle ?? '',
    setPlaygroundMode: (playgroundMode) => set({ playgroundMode }),
    setModel: (model) => draft({ model }),
    setSystemPrompt: (systemPrompt) => draft({ systemPrompt }),
    setSystemRole: (systemRole) => draft({ systemRole }),
    setParam: (name, value) => set((s) => ({ playground: { ...s.playground, params: { ...s.playground.params, [name]: value } } })),
    resetParams: () => draft({ params: emptyDraft().params }),
    setToolsText: (toolsText) => draft({ toolsText }),
    setToolChoice: (toolChoice) => draft({ toolChoice }),
    setResponseFormat: (patch) => set((s) => ({ playground: { ...s.playground, responseFormat: { ...s.playground.responseFormat, ...patch } } })),
    addMessage(role, content, attachments) {
      messages((m) => [...m, { id: localId(), role, content, at: Date.now(), ...(attachments?.length ? { attachments } : {}) }])
    },
    updateMessage(id, patch) {
      messages((list) => list.map((m) => (m.id === id ? editedMessage(m, patch) : m)))
    },
    deleteMessage(id) {
      messages((list) => list.filter((m) => m.id !== id))
    },
    selectMessageChoice(id, index) {
      messages((list) => list.map((m) => (m.id === id ? selectChoice(m, index) : m)))
    },
    async send(text = '', attachments = []) {
      if (get().run.status === 'running' || !accepts(text, attachments)) return
      if (!text.trim() && !attachments.length) return runner.run()
      get().addMessage('user', text, attachments)
      await runner.run(get().playground.messages.at(-1)!.id)
    },
    async rerunFrom(id) {
      if (get().run.status === 'running') return
      const list = get().playground.messages
      const i = list.findIndex((m) => m.id === id)
      if (i < 0) return
      messages(() => (list[i]!.role === 'assistant' ? list.slice(0, i) : list.slice(0, i + 1)))
      await runner.run()
    },
    async answerToolCall(assistantId, callId, content) {
      const list = get().playground.messages
      const at = list.findIndex((m) => m.id === assistantId)
      if (at < 0) return
      let insertAt = at + 1
      while (list[insertAt]?.role === 'tool') insertAt++
      const toolMessage: DraftMessage = { id: localId(), role: 'tool', content, toolCallId: callId }
      const next = [...list.slice(0, insertAt), toolMessage, ...list.slice(insertAt)]
      messages(() => next)
      const answered = new Set(next.slice(at + 1, insertAt + 1).map((m) => m.toolCallId))
      const allAnswered = (list[at]!.toolCalls ?? []).every((c) => answered.has(c.id))
      if (allAnswered && insertAt + 1 === next.length) await runner.run()
    },
    stop: () => runner.stop(),
    dismissRunError: () => set((s) => ({ run: { ...s.run, error: null, problems: null } })),
    newConversation() {
      runner.stop()
      stashComposerDraft(deps.storage, get().conversationId, get().composer.text)
      const model = get().lastModel ?? get().playground.model
      set((s) => ({
        playground: { ...emptyDraft(model), params: s.playground.params },
        conversationId: null,
        conversationTitle: '',
        composer: { text: takeComposerDraft(deps.storage, null), attachments: [] },
        run: { status: 'idle', error: null, problems: null },
      }))
    },
    loadDraft(playground, conversationId, conversationTitle) {
      runner.stop()
      if (conversationId !== get().conversationId) {
        stashComposerDraft(deps.storage, get().conversationId, get().composer.text)
        set({ composer: { text: takeComposerDraft(deps.storage, conversationId), attachments: [] } })
      }
      set({ playground, conversationId, conversationTitle, run: { status: 'idle', error: null, problems: null } })
    },
  }
}
