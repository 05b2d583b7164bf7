import type { FallbackChoice } from '../api/chat-client'
import type { ChatRequestBody, UserContentPart, WireMessage } from '../api/chat-types'
import { paramsToBody, validateParams, type ParamErrors } from './chat-params'
import type { DraftMessage, PlaygroundDraft } from './playground-model'
import { responseFormatBody } from './response-format'
import { parseTools, toolChoiceBody, toolChoiceError } from './tools-json'

export interface DraftProblems {
  model?: string
  messages?: string
  params: ParamErrors
  tools?: string
  toolChoice?: string
  responseFormat?: { field: 'name' | 'schema'; message: string }
}

export type BuildResult =
  | { ok: true; body: ChatRequestBody; fallbacks: FallbackChoice; api: 'chat' | 'responses' }
  | { ok: false; problems: DraftProblems; summary: string }

function userContent(m: DraftMessage): string | UserContentPart[] {
  if (!m.attachments?.length) return m.content
  const parts: UserContentPart[] = m.content ? [{ type: 'text', text: m.content }] : []
  for (const a of m.attachments) {
    if (a.kind === 'image' && a.dataUrl) parts.push({ type: 'image_url', image_url: { url: a.dataUrl } })
    if (a.kind === 'audio' && a.audio) parts.push({ type: 'input_audio', input_audio: a.audio })
  }
  return parts
}

export function toWireMessages(draft: Pick<PlaygroundDraft, 'systemRole' | 'systemPrompt'>, messages: DraftMessage[]): WireMessage[] {
  const out: WireMessage[] = []
  if (draft.systemPrompt.trim()) out.push({ role: draft.systemRole, content: draft.systemPrompt })
  for (const m of messages) {
    if (m.pending) continue
    if (m.role === 'user') out.push({ role: 'user', content: userContent(m) })
    else if (m.role === 'tool') out.push({ role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' })
    else {
      const hasCalls = !!m.toolCalls?.length
      out.push({
        role: 'assistant',
        content: m.content === '' && (hasCalls || m.audioId) ? null : m.content,
        ...(hasCalls ? { tool_calls: m.toolCalls } : {}),
        ...(m.audioId ? { audio: { id: m.audioId } } : {}),
      })
    }
  }
  return out
}

const describe = (p: DraftProblems) => {
  const parts = [p.model, p.messages, p.tools, p.toolChoice, p.responseFormat?.message].filter(Boolean) as string[]
  const n = Object.keys(p.params).length
  if (n) parts.push(`${n} parameter${n > 1 ? 's need' : ' needs'} fixing: ${Object.keys(p.params).join(', ')}.`)
  return parts.join(' ')
}

/**
 * The exact body of `POST /v1/chat/completions` for the draft (what is sent, and what View code
 * shows), or every problem that stops it from being sent.
 */
export function buildChatRequest(draft: PlaygroundDraft, opts: { messages?: DraftMessage[]; model?: string } = {}): BuildResult {
  const model = opts.model ?? draft.model
  const messages = toWireMessages(draft, opts.messages ?? draft.messages)
  const problems: DraftProblems = { params: validateParams(draft.params) }
  if (!model) problems.model = 'Pick a model.'
  if (!messages.length) problems.messages = 'Write a message first.'
  const tools = parseTools(draft.toolsText)
  if (!tools.ok) problems.tools = tools.message
  const choiceErr = tools.ok ? toolChoiceError(draft.toolChoice, tools.functionNames, tools.tools.length) : undefined
  if (choiceErr) problems.toolChoice = choiceErr
  const rf = responseFormatBody(draft.responseFormat)
  if (!rf.ok) problems.responseFormat = { field: rf.field, message: rf.message }
  if (problems.model || problems.messages || problems.tools || problems.toolChoice || problems.responseFormat || Object.keys(problems.params).length) {
    return { ok: false, problems, summary: describe(problems) }
  }
  const { ...params } = paramsToBody(draft.params)
  const body: ChatRequestBody = { model, messages, ...params }
  if (tools.ok && tools.tools.length) body.tools = tools.tools
  const choice = toolChoiceBody(draft.toolChoice)
  if (choice !== undefined) body.tool_choice = choice
  if (rf.ok && rf.body) body.response_format = rf.body
  const fallbacks = draft.params.fallbacks === 'true' ? 'on' : draft.params.fallbacks === 'false' ? 'off' : 'default'
  return { ok: true, body, fallbacks, api: draft.params.api === 'responses' ? 'responses' : 'chat' }
}
