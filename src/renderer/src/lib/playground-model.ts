import type { AnswerMeta, ChoiceResult } from '../api/chat-result'
import type { ToolCall } from '../api/chat-types'
import { DEFAULT_PARAMS, type ParamValues } from './chat-params'
import { DEFAULT_RESPONSE_FORMAT, type ResponseFormatDraft } from './response-format'

/** An image or audio clip attached to a user message, kept as data the request can carry inline. */
export interface Attachment {
  id: string
  kind: 'image' | 'audio'
  name: string
  /** `data:image/...;base64,...` for images. */
  dataUrl?: string
  audio?: { data: string; format: 'wav' | 'mp3' }
}

/** What the model gave back for an assistant message: every choice, the one picked, and how it was served. */
export interface AssistantAnswer {
  choices: ChoiceResult[]
  selected: number
  meta: AnswerMeta | null
  /** The response format the answer was asked for, to show a parsed result. */
  structured?: { kind: 'json_object' | 'json_schema'; schema?: unknown }
  /** The audio format asked for (`audio.format`), to play the reply. */
  audioFormat?: string
}

export interface DraftMessage {
  id: string
  role: 'user' | 'assistant' | 'tool'
  content: string
  attachments?: Attachment[]
  toolCalls?: ToolCall[]
  /** For tool messages: the call this answers. */
  toolCallId?: string
  /** For assistant messages with audio: the audio id the next request refers to. */
  audioId?: string
  answer?: AssistantAnswer
  /** Still streaming in. */
  pending?: boolean
  /** When it was written or answered (ms since the epoch); absent on messages saved before timestamps. */
  at?: number
  /** The run that followed this message failed: shown with Retry, and nothing is sent after it until that is settled. */
  failed?: TurnFailure
}

/** Why the request after a message failed, and with which model. */
export interface TurnFailure {
  message: string
  status: number
  code: string | null
  model: string
}

export type SystemRole = 'system' | 'developer'

/** The conversation being edited: what a request is built from, and what is saved. */
export interface PlaygroundDraft {
  model: string
  systemRole: SystemRole
  systemPrompt: string
  messages: DraftMessage[]
  params: ParamValues
  toolsText: string
  toolChoice: string
  responseFormat: ResponseFormatDraft
}

export const emptyDraft = (model = ''): PlaygroundDraft => ({
  model,
  systemRole: 'system',
  systemPrompt: '',
  messages: [],
  params: { ...DEFAULT_PARAMS },
  toolsText: '',
  toolChoice: '',
  responseFormat: DEFAULT_RESPONSE_FORMAT,
})

let counter = 0
/** Ids for messages and attachments, unique within the page. */
export const localId = (prefix = 'm') => `${prefix}_${Date.now().toString(36)}_${(counter++).toString(36)}`

/** Tool calls of an assistant message that no later tool message answers yet. */
export function unansweredToolCalls(messages: DraftMessage[], index: number): ToolCall[] {
  const m = messages[index]
  if (!m?.toolCalls?.length) return []
  const answered = new Set(messages.slice(index + 1).filter((x) => x.role === 'tool').map((x) => x.toolCallId))
  return m.toolCalls.filter((c) => !answered.has(c.id))
}

/** The message's text as shown and sent: the selected choice's, for answers with several. */
export function selectChoice(m: DraftMessage, selected: number): DraftMessage {
  const choice = m.answer?.choices[selected]
  if (!m.answer || !choice) return m
  return {
    ...m,
    content: choice.content || choice.refusal || '',
    toolCalls: choice.toolCalls.length ? choice.toolCalls : undefined,
    audioId: choice.audio?.id || undefined,
    answer: { ...m.answer, selected },
  }
}
