/** Wire types of OpenAI's Responses API, as far as the gateway serves it (request, items, response, events). */
import type { JsonObject } from '../../../shared/chat/types'

export type InputContentPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url?: string; file_id?: string; detail?: 'auto' | 'low' | 'high' }
  | { type: 'input_file'; file_id?: string; file_data?: string; filename?: string; file_url?: string }
  | { type: 'output_text'; text: string; annotations?: unknown[] }
  | { type: 'refusal'; refusal: string }

export interface MessageItem {
  type?: 'message'
  id?: string
  role: 'user' | 'assistant' | 'system' | 'developer'
  content: string | InputContentPart[]
  status?: string
}

export interface FunctionCallItem {
  type: 'function_call'
  id?: string
  call_id: string
  name: string
  arguments: string
  status?: string
}

export interface FunctionCallOutputItem {
  type: 'function_call_output'
  id?: string
  call_id: string
  output: string | Array<{ type: 'input_text'; text: string }>
  status?: string
}

export interface ReasoningItem {
  type: 'reasoning'
  id?: string
  summary?: Array<{ type: 'summary_text'; text: string }>
  encrypted_content?: string | null
}

export interface ItemReference {
  type: 'item_reference'
  id: string
}

export type InputItem = MessageItem | FunctionCallItem | FunctionCallOutputItem | ReasoningItem | ItemReference

export type ResponsesTool =
  | { type: 'function'; name: string; description?: string | null; parameters?: JsonObject | null; strict?: boolean | null }
  | { type: 'web_search' | 'web_search_preview'; search_context_size?: 'low' | 'medium' | 'high'; user_location?: JsonObject | null }
  | ({ type: string } & JsonObject)

export type ResponsesToolChoice = 'none' | 'auto' | 'required' | { type: 'function'; name: string } | { type: string }

export type TextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: JsonObject; description?: string; strict?: boolean | null }

export interface ResponsesRequest {
  model: string
  input?: string | InputItem[]
  instructions?: string | null
  tools?: ResponsesTool[]
  tool_choice?: ResponsesToolChoice
  parallel_tool_calls?: boolean | null
  text?: { format?: TextFormat; verbosity?: 'low' | 'medium' | 'high' | null }
  max_output_tokens?: number | null
  temperature?: number | null
  top_p?: number | null
  stream?: boolean | null
  store?: boolean | null
  previous_response_id?: string | null
  metadata?: Record<string, string> | null
  user?: string
  safety_identifier?: string
  prompt_cache_key?: string
  truncation?: 'auto' | 'disabled' | null
  include?: string[] | null
  reasoning?: { effort?: 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | null; summary?: string | null; generate_summary?: string | null } | null
  service_tier?: 'auto' | 'default' | 'flex' | 'scale' | 'priority' | null
  max_tool_calls?: number | null
  top_logprobs?: number | null
  stream_options?: { include_obfuscation?: boolean } | null
  prompt_cache_retention?: 'in-memory' | '24h' | null
}

export interface OutputText {
  type: 'output_text'
  text: string
  annotations: unknown[]
  logprobs: unknown[]
}

export interface OutputMessage {
  id: string
  type: 'message'
  status: 'in_progress' | 'completed' | 'incomplete'
  role: 'assistant'
  content: Array<OutputText | { type: 'refusal'; refusal: string }>
}

export interface OutputFunctionCall {
  id: string
  type: 'function_call'
  status: 'in_progress' | 'completed' | 'incomplete'
  call_id: string
  name: string
  arguments: string
}

/** What the model reasoned, as OpenAI lists a reasoning model's summary (the gateway has the text itself, not a summary of it). */
export interface OutputReasoning {
  id: string
  type: 'reasoning'
  summary: Array<{ type: 'summary_text'; text: string }>
}

export type OutputItem = OutputReasoning | OutputMessage | OutputFunctionCall

export interface ResponsesUsage {
  input_tokens: number
  input_tokens_details: { cached_tokens: number }
  output_tokens: number
  output_tokens_details: { reasoning_tokens: number }
  total_tokens: number
  /** Cost in credits, as chat's `usage.svc_credits_cost`. */
  svc_credits_cost?: number
}

export type ResponseStatus = 'completed' | 'incomplete' | 'failed' | 'in_progress'

export interface ResponseObject {
  id: string
  object: 'response'
  created_at: number
  status: ResponseStatus
  background: boolean
  error: { code: string; message: string } | null
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null
  instructions: string | null
  max_output_tokens: number | null
  max_tool_calls: number | null
  model: string
  output: OutputItem[]
  parallel_tool_calls: boolean
  previous_response_id: string | null
  prompt_cache_key: string | null
  reasoning: { effort: string | null; summary: string | null }
  safety_identifier: string | null
  service_tier: string
  store: boolean
  temperature: number
  text: { format: TextFormat; verbosity: string }
  tool_choice: ResponsesToolChoice
  tools: ResponsesTool[]
  top_logprobs: number
  top_p: number
  truncation: 'auto' | 'disabled'
  usage: ResponsesUsage | null
  user: string | null
  metadata: Record<string, string>
}
