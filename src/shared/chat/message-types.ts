/** Request messages and their content parts (spec 2.2). */

// ---- content parts ----------------------------------------------------------------------

export interface TextPart {
  type: 'text'
  text: string
}

export type ImageDetail = 'auto' | 'low' | 'high'

export interface ImageUrlPart {
  type: 'image_url'
  /** `url` is an http(s) URL or a `data:image/<type>;base64,...` URL. */
  image_url: { url: string; detail?: ImageDetail }
}

export type InputAudioFormat = 'wav' | 'mp3'

export interface InputAudioPart {
  type: 'input_audio'
  input_audio: { data: string; format: InputAudioFormat }
}

export interface RefusalPart {
  type: 'refusal'
  refusal: string
}

export type UserContentPart = TextPart | ImageUrlPart | InputAudioPart
/** Either text parts only, or exactly one refusal part. */
export type AssistantContentPart = TextPart | RefusalPart

// ---- messages -----------------------------------------------------------------------------

export interface DeveloperMessage {
  role: 'developer'
  content: string | TextPart[]
  name?: string
}

export interface SystemMessage {
  role: 'system'
  content: string | TextPart[]
  name?: string
}

export interface UserMessage {
  role: 'user'
  content: string | UserContentPart[]
  name?: string
}

export interface FunctionCall {
  name: string
  /** JSON text produced by a model; it may be invalid JSON. */
  arguments: string
}

export interface ToolCall {
  id: string
  type: 'function'
  function: FunctionCall
}

export interface AssistantMessage {
  role: 'assistant'
  /** null (or absent) only when `tool_calls` is present. */
  content?: string | AssistantContentPart[] | null
  refusal?: string | null
  name?: string
  audio?: { id: string } | null
  tool_calls?: ToolCall[]
}

export interface ToolMessage {
  role: 'tool'
  content: string | TextPart[]
  tool_call_id: string
}

/** A message of the normalized request: the deprecated `function` role is already mapped to `tool`. */
export type ChatMessage = DeveloperMessage | SystemMessage | UserMessage | AssistantMessage | ToolMessage
export type ChatRole = ChatMessage['role']

/** Deprecated: an assistant message may carry one `function_call` instead of `tool_calls`. */
export interface LegacyAssistantMessage extends AssistantMessage {
  function_call?: FunctionCall
}

/** Deprecated: the result of a `function_call`, answered by name. */
export interface FunctionMessage {
  role: 'function'
  content: string | null
  name: string
}

export type ChatMessageBody =
  | DeveloperMessage
  | SystemMessage
  | UserMessage
  | LegacyAssistantMessage
  | ToolMessage
  | FunctionMessage
