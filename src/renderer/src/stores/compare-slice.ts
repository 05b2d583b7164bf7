import { isAbort, messageOf } from '../api/api-error'
import type { AnswerMeta, ChoiceResult } from '../api/chat-result'
import { buildChatRequest } from '../lib/build-request'
import { localId, type DraftMessage } from '../lib/playground-model'
import type { SliceCreator } from './store-types'

export interface CompareColumn {
  id: string
  model: string
  status: 'idle' | 'running' | 'done' | 'error'
  choices: ChoiceResult[]
  meta: AnswerMeta | null
  error: string | null
}

export interface CompareSlice {
  compare: { columns: CompareColumn[]; prompt: string; running: boolean; error: string | null }
  setComparePrompt(text: string): void
  setCompareModel(columnId: string, model: string): void
  addCompareColumn(): void
  removeCompareColumn(columnId: string): void
  /** Sends the playground's conversation plus the prompt to every column's model at once. */
  runCompare(): Promise<void>
  stopCompare(): void
  /** Takes the prompt and this column's answer into the chat, with its model. */
  keepCompareAnswer(columnId: string): void
}

/** Models for the columns that have none: the chat's model first, then the others, each once and none a column shows already. */
export function compareStartModels(columns: Pick<CompareColumn, 'model'>[], chatModel: string, offered: string[]): string[] {
  const used = new Set(columns.map((c) => c.model).filter(Boolean))
  return [...new Set([chatModel, ...offered])].filter((m) => m && !used.has(m))
}

const column = (model = ''): CompareColumn => ({ id: localId('col'), model, status: 'idle', choices: [], meta: null, error: null })
export const MAX_COMPARE_COLUMNS = 4

/** Compare: one conversation, two to four models, side by side. */
export const createCompareSlice: SliceCreator<CompareSlice> = ({ api }) => (set, get) => {
  let controllers: AbortController[] = []
  const patchColumn = (id: string, p: Partial<CompareColumn>) =>
    set((s) => ({ compare: { ...s.compare, columns: s.compare.columns.map((c) => (c.id === id ? { ...c, ...p } : c)) } }))
  const promptMessages = (): DraftMessage[] => {
    const { prompt } = get().compare
    const list = get().playground.messages.filter((m) => !m.pending)
    return prompt.trim() ? [...list, { id: 'compare-prompt', role: 'user', content: prompt }] : list
  }

  return {
    compare: { columns: [column(), column()], prompt: '', running: false, error: null },
    setComparePrompt: (prompt) => set((s) => ({ compare: { ...s.compare, prompt } })),
    setCompareModel: (id, model) => patchColumn(id, { model }),
    addCompareColumn() {
      set((s) => (s.compare.columns.length >= MAX_COMPARE_COLUMNS ? s : { compare: { ...s.compare, columns: [...s.compare.columns, column()] } }))
    },
    removeCompareColumn(id) {
      set((s) => (s.compare.columns.length <= 2 ? s : { compare: { ...s.compare, columns: s.compare.columns.filter((c) => c.id !== id) } }))
    },
    async runCompare() {
      if (get().compare.running) return
      const columns = get().compare.columns
      const messages = promptMessages()
      const builds = columns.map((c) => buildChatRequest(get().playground, { messages, model: c.model }))
      const firstProblem = builds.find((b) => !b.ok)
      if (firstProblem && !firstProblem.ok) {
        set((s) => ({ compare: { ...s.compare, error: columns.some((c) => !c.model) ? 'Pick a model in every column.' : firstProblem.summary } }))
        return
      }
      set((s) => ({ compare: { ...s.compare, running: true, error: null, columns: s.compare.columns.map((c) => ({ ...c, status: 'running', choices: [], meta: null, error: null })) } }))
      let apiKey: string
      try {
        apiKey = await get().ensureApiKey()
      } catch (e) {
        set((s) => ({ compare: { ...s.compare, running: false, error: messageOf(e), columns: s.compare.columns.map((c) => ({ ...c, status: 'idle' })) } }))
        return
      }
      controllers = columns.map(() => new AbortController())
      await Promise.all(
        columns.map(async (c, i) => {
          const built = builds[i]!
          if (!built.ok) return
          try {
            const result = await api.chat(built.body, { apiKey, fallbacks: built.fallbacks, api: built.api, signal: controllers[i]!.signal, onUpdate: (choices) => patchColumn(c.id, { choices }) })
            patchColumn(c.id, { status: 'done', choices: result.choices, meta: result.meta })
          } catch (e) {
            patchColumn(c.id, isAbort(e) ? { status: 'done' } : { status: 'error', error: messageOf(e) })
          }
        }),
      )
      controllers = []
      set((s) => ({ compare: { ...s.compare, running: false } }))
      void get().refreshStatus()
    },
    stopCompare() {
      controllers.forEach((c) => c.abort())
    },
    keepCompareAnswer(id) {
      const col = get().compare.columns.find((c) => c.id === id)
      const choice = col?.choices[0]
      if (!col || !choice) return
      const prompt = get().compare.prompt
      const added: DraftMessage[] = [
        ...(prompt.trim() ? [{ id: localId(), role: 'user' as const, content: prompt }] : []),
        { id: localId(), role: 'assistant', content: choice.content, toolCalls: choice.toolCalls.length ? choice.toolCalls : undefined, answer: { choices: col.choices, selected: 0, meta: col.meta } },
      ]
      set((s) => ({
        playground: { ...s.playground, model: col.model, messages: [...s.playground.messages, ...added] },
        compare: { ...s.compare, prompt: '' },
        playgroundMode: 'chat',
      }))
    },
  }
}
