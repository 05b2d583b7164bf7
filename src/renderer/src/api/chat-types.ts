/**
 * The chat-completions wire format (spec 2.1-2.4 and 6) as the playground reads it. Exact shapes come
 * from src/shared/chat; replies are typed leniently here because a client must cope with partial ones.
 */
import type { McpCallProgress, ResponseAudio, TokenLogprob, ToolCall, ToolCallDelta, UrlCitation, UserContentPart } from '../../../shared/chat/types'

export type { JsonObject, TokenLogprob, TopLogprob, ToolCall, ToolCallDelta, UserContentPart } from '../../../shared/chat/types'
export type AudioReply = ResponseAudio

export type WireMessage =
  | { role: 'system' | 'developer'; content: string }
  | { role: 'user'; content: string | UserContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[]; audio?: { id: string } | null; refusal?: string | null }
  | { role: 'tool'; content: string; tool_call_id: string }

export interface ChatRequestBody extends Record<string, unknown> {
  model: string
  messages: WireMessage[]
  stream?: boolean
}

export interface Usage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  svc_credits_cost?: number
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number; accepted_prediction_tokens?: number; rejected_prediction_tokens?: number }
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number }
}

export interface ResponseMessage {
  role: 'assistant'
  content: string | null
  refusal: string | null
  tool_calls?: ToolCall[]
  audio?: AudioReply | null
  annotations?: UrlCitation[]
}

export interface ChatCompletion {
  id: string
  object: 'chat.completion'
  created: number
  model: string
  choices: { index: number; finish_reason: string | null; message: ResponseMessage; logprobs?: { content: TokenLogprob[] | null; refusal: TokenLogprob[] | null } | null }[]
  usage?: Usage
  system_fingerprint?: string
}

export interface ChatChunk {
  id: string
  object: 'chat.completion.chunk'
  created: number
  model: string
  choices: {
    index: number
    finish_reason: string | null
    delta: { role?: string; content?: string | null; refusal?: string | null; tool_calls?: ToolCallDelta[]; audio?: Partial<AudioReply>; annotations?: UrlCitation[]; svc_mcp_call?: McpCallProgress }
    logprobs?: { content: TokenLogprob[] | null; refusal?: TokenLogprob[] | null } | null
  }[]
  usage?: Usage | null
}
