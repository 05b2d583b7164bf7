import type { ParamValues } from './chat-params'
import { draftFromBody, type ResponseFormatDraft } from './response-format'
import { emptyDraft, type DraftMessage, type PlaygroundDraft, type SystemRole } from './playground-model'

/** What a conversation is saved as (`data` of /admin/conversations). Version 1. */
export interface ConversationDocument {
  version: 1
  system_role: SystemRole
  system_prompt: string
  messages: DraftMessage[]
  params: ParamValues
  tools_text: string
  tool_choice: string
  response_format: ResponseFormatDraft
}

export function toDocument(d: PlaygroundDraft): ConversationDocument {
  return {
    version: 1,
    system_role: d.systemRole,
    system_prompt: d.systemPrompt,
    messages: d.messages.filter((m) => !m.pending),
    params: d.params,
    tools_text: d.toolsText,
    tool_choice: d.toolChoice,
    response_format: d.responseFormat,
  }
}

export function fromDocument(model: string | null, data: Partial<ConversationDocument>): PlaygroundDraft {
  const base = emptyDraft(model ?? '')
  return {
    model: model ?? '',
    systemRole: data.system_role === 'developer' ? 'developer' : 'system',
    systemPrompt: data.system_prompt ?? '',
    messages: Array.isArray(data.messages) ? data.messages.map((m) => ({ ...m, pending: false })) : [],
    params: data.params ?? base.params,
    toolsText: data.tools_text ?? '',
    toolChoice: data.tool_choice ?? '',
    responseFormat: data.response_format ?? draftFromBody(undefined),
  }
}
