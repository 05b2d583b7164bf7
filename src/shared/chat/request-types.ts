/** The chat completion request (spec 2.1): the wire body and its normalized form. */
import type { ChatMessage, ChatMessageBody, TextPart } from './message-types'
import type { ApproximateLocation, ChatTool, JsonObject, LegacyFunctionCallOption, LegacyFunctionDefinition, ToolChoice } from './tool-types'

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema'
      json_schema: { name: string; description?: string; schema?: JsonObject; strict?: boolean | null }
    }

export type ServiceTier = 'auto' | 'default' | 'flex' | 'scale' | 'priority'
export type ReasoningEffort = 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max'
export type Modality = 'text' | 'audio'
export type AudioVoice = 'alloy' | 'ash' | 'ballad' | 'coral' | 'echo' | 'sage' | 'shimmer' | 'verse'
export type AudioFormat = 'wav' | 'mp3' | 'flac' | 'opus' | 'pcm16'
export type ThinkingType = 'enabled' | 'disabled' | 'adaptive'

export interface ChatCompletionRequestBase {
  model: string
  store?: boolean
  metadata?: Record<string, string>
  frequency_penalty?: number
  presence_penalty?: number
  /** Token id (decimal string) -> bias from -100 to 100. */
  logit_bias?: Record<string, number>
  logprobs?: boolean
  top_logprobs?: number
  n?: number
  modalities?: Modality[]
  prediction?: { type: 'content'; content: string | TextPart[] }
  audio?: { voice: AudioVoice; format: AudioFormat }
  response_format?: ResponseFormat
  seed?: number
  service_tier?: ServiceTier
  /** A string or 1 to 4 strings; always an array in the normalized request. */
  stop?: string | string[]
  stream?: boolean
  temperature?: number
  top_p?: number
  tools?: ChatTool[]
  /** How many times the gateway calls the model while it runs `mcp` tools for it (default 8). */
  max_tool_rounds?: number
  tool_choice?: ToolChoice
  parallel_tool_calls?: boolean
  thinking?: { type: ThinkingType; budget_tokens?: number }
  reasoning_effort?: ReasoningEffort
  verbosity?: 'low' | 'medium' | 'high'
  /** OpenAI's end-user id (deprecated there for `safety_identifier` and `prompt_cache_key`). */
  user?: string
  safety_identifier?: string
  prompt_cache_key?: string
  prompt_cache_retention?: 'in-memory' | '24h'
  web_search_options?: WebSearchOptions
}

export interface WebSearchOptions {
  search_context_size?: 'low' | 'medium' | 'high'
  user_location?: { type: 'approximate'; approximate: ApproximateLocation } | null
}

export interface StreamOptions {
  include_usage?: boolean
  include_obfuscation?: boolean
}

/**
 * Set by the legacy completions front only, never read from a client body: the one user message is the
 * whole prompt, continued without the chat template (how base models are used). Local models honour it.
 */
export interface RawPromptFlag {
  raw_prompt?: boolean
}

/** The body a client may send, deprecated fields included. */
export interface ChatCompletionRequestBody extends ChatCompletionRequestBase {
  messages: ChatMessageBody[]
  /** null reads as absent. */
  stream_options?: StreamOptions | null
  max_tokens?: number | null
  max_completion_tokens?: number | null
  functions?: LegacyFunctionDefinition[]
  function_call?: LegacyFunctionCallOption
}

/** Deprecated inputs that the normalized request no longer shows (each listed once). */
export type DeprecatedUsage =
  | 'max_tokens'
  | 'functions'
  | 'function_call'
  | 'messages[].function_call'
  | 'messages[].role=function'

export interface ChatCompletionRequest extends ChatCompletionRequestBase, RawPromptFlag {
  messages: ChatMessage[]
  stream_options?: StreamOptions
  max_completion_tokens?: number
  stop?: string[]
  deprecated: DeprecatedUsage[]
}
