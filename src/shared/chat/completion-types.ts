/** The chat completion response (spec 2.3) and its stream chunks (spec 6). */
import type { FunctionCall, ToolCall } from './message-types'
import type { ServiceTier } from './request-types'

// ---- response (2.3) -----------------------------------------------------------------------

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call'

export interface TopLogprob {
  token: string
  /** -9999.0 means very unlikely. */
  logprob: number
  bytes: number[] | null
}

export interface TokenLogprob extends TopLogprob {
  top_logprobs: TopLogprob[]
}

export interface ChoiceLogprobs {
  content: TokenLogprob[] | null
  refusal: TokenLogprob[] | null
}

export interface ResponseAudio {
  id: string
  expires_at: number
  data: string
  transcript: string
}

export interface UrlCitation {
  type: 'url_citation'
  url_citation: { start_index: number; end_index: number; title: string; url: string }
}

export interface ChatCompletionMessage {
  role: 'assistant'
  content: string | null
  refusal: string | null
  tool_calls?: ToolCall[]
  function_call?: FunctionCall
  audio?: ResponseAudio | null
  annotations?: UrlCitation[]
  /**
   * What the model reasoned before answering (Anthropic thinking, an upstream's `reasoning_content` or
   * `reasoning`), under the name DeepSeek, vLLM and LiteLLM give it; absent when there was none.
   */
  reasoning_content?: string
}

export interface McpCallProgress {
  /** The model's tool call id. */
  id: string
  server_label: string
  name: string
  arguments: string
  status: 'in_progress' | 'completed' | 'failed'
  /** What the model was told went wrong. */
  error?: string
}

export interface ChatCompletionChoice {
  index: number
  message: ChatCompletionMessage
  finish_reason: FinishReason
  logprobs: ChoiceLogprobs
}

export interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  /** Cost in credits; set by the credits service once the price is known. */
  svc_credits_cost?: number
  completion_tokens_details: {
    accepted_prediction_tokens: number
    audio_tokens: number
    reasoning_tokens: number
    rejected_prediction_tokens: number
  }
  prompt_tokens_details: { audio_tokens: number; cached_tokens: number }
}

export interface ChatCompletion {
  id: string
  object: 'chat.completion'
  created: number
  model: string
  choices: ChatCompletionChoice[]
  /** Present only when the request set `service_tier`; `auto` is reported as `default`. */
  service_tier?: ServiceTier | null
  system_fingerprint?: string
  usage: Usage
}

// ---- stream (6) ---------------------------------------------------------------------------

export interface ToolCallDelta {
  index: number
  id?: string
  type?: 'function'
  function?: { name?: string; arguments?: string }
}

export interface ChatCompletionChunkDelta {
  role?: 'assistant'
  content?: string | null
  refusal?: string | null
  tool_calls?: ToolCallDelta[]
  function_call?: { name?: string; arguments?: string }
  /** Audio answers: the transcript as it is made, then the audio (`id`, `data`, `expires_at`) in the last chunks. */
  audio?: Partial<ResponseAudio>
  /** Citations of the gateway's tools, in one chunk just before the choice's finish. */
  annotations?: UrlCitation[]
  /** The gateway running one of the request's `mcp` tools for the model: sent when a call starts and when it ends. */
  svc_mcp_call?: McpCallProgress
  /**
   * Reasoning as it is made (Anthropic thinking). An OpenAI-compatible upstream's chunks pass as it sent
   * them: `reasoning_content` (DeepSeek, vLLM) or `reasoning` (OpenRouter, newer vLLM).
   */
  reasoning_content?: string
  reasoning?: string
}

export interface ChatCompletionChunkChoice {
  index: number
  delta: ChatCompletionChunkDelta
  finish_reason: FinishReason | null
  logprobs?: ChoiceLogprobs | null
}

export interface ChatCompletionChunk {
  id: string
  object: 'chat.completion.chunk'
  created: number
  model: string
  /** Empty only in the usage chunk sent before `[DONE]` when `stream_options.include_usage` is set. */
  choices: ChatCompletionChunkChoice[]
  service_tier?: ServiceTier | null
  system_fingerprint?: string
  /** null on every chunk except the final usage chunk. */
  usage: Usage | null
}
