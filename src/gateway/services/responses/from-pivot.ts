import type { ChatCompletion, ChatCompletionMessage, FinishReason, Usage } from '../../../shared/chat/types'
import type { OutputItem, OutputMessage, ResponseObject, ResponsesRequest, ResponsesUsage } from './responses-types'

/** Makes the id of an output item: `rs_…`, `msg_…`, `fc_…`. */
export type NewItemId = (prefix: 'rs' | 'msg' | 'fc') => string

/** A response before its output: what the request asked for, echoed as OpenAI does, `in_progress`. */
export function responseShell(req: ResponsesRequest, s: { id: string; createdAt: number; model: string; store: boolean }): ResponseObject {
  return {
    id: s.id,
    object: 'response',
    created_at: s.createdAt,
    status: 'in_progress',
    background: false,
    error: null,
    incomplete_details: null,
    instructions: req.instructions ?? null,
    max_output_tokens: req.max_output_tokens ?? null,
    max_tool_calls: req.max_tool_calls ?? null,
    model: s.model,
    output: [],
    parallel_tool_calls: req.parallel_tool_calls ?? true,
    previous_response_id: req.previous_response_id ?? null,
    prompt_cache_key: req.prompt_cache_key ?? null,
    reasoning: { effort: req.reasoning?.effort ?? null, summary: req.reasoning?.summary ?? null },
    safety_identifier: req.safety_identifier ?? null,
    service_tier: req.service_tier && req.service_tier !== 'auto' ? req.service_tier : 'default',
    store: s.store,
    temperature: req.temperature ?? 1,
    text: { format: req.text?.format ?? { type: 'text' }, verbosity: req.text?.verbosity ?? 'medium' },
    tool_choice: req.tool_choice ?? 'auto',
    tools: req.tools ?? [],
    top_logprobs: req.top_logprobs ?? 0,
    top_p: req.top_p ?? 1,
    truncation: req.truncation ?? 'disabled',
    usage: null,
    user: req.user ?? null,
    metadata: req.metadata ?? {},
  }
}

export const usageOf = (u: Usage, creditsCost?: number): ResponsesUsage => ({
  input_tokens: u.prompt_tokens,
  input_tokens_details: { cached_tokens: u.prompt_tokens_details.cached_tokens },
  output_tokens: u.completion_tokens,
  output_tokens_details: { reasoning_tokens: u.completion_tokens_details.reasoning_tokens },
  total_tokens: u.prompt_tokens + u.completion_tokens,
  ...(creditsCost !== undefined ? { svc_credits_cost: creditsCost } : {}),
})

/** How a finish reason ends a response: `length` and `content_filter` leave it incomplete. */
export function endOf(finish: FinishReason | null): Pick<ResponseObject, 'status' | 'incomplete_details'> {
  if (finish === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }
  if (finish === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } }
  return { status: 'completed', incomplete_details: null }
}

/** The assistant's message as output items: its reasoning, its text (or refusal), then one item per function call. */
export function outputOf(message: Pick<ChatCompletionMessage, 'content' | 'refusal' | 'tool_calls' | 'annotations' | 'reasoning_content'>, newId: NewItemId, status: OutputMessage['status'] = 'completed'): OutputItem[] {
  const items: OutputItem[] = []
  if (message.reasoning_content) items.push({ id: newId('rs'), type: 'reasoning', summary: [{ type: 'summary_text', text: message.reasoning_content }] })
  const annotations = (message.annotations ?? []).map((a) => ({ type: 'url_citation', ...a.url_citation }))
  if (message.content) items.push({ id: newId('msg'), type: 'message', status, role: 'assistant', content: [{ type: 'output_text', text: message.content, annotations, logprobs: [] }] })
  else if (message.refusal) items.push({ id: newId('msg'), type: 'message', status, role: 'assistant', content: [{ type: 'refusal', refusal: message.refusal }] })
  for (const call of message.tool_calls ?? []) {
    items.push({ id: newId('fc'), type: 'function_call', status, call_id: call.id, name: call.function.name, arguments: call.function.arguments })
  }
  return items
}

/** A whole chat completion as the finished response. */
export function responseFromCompletion(shell: ResponseObject, completion: ChatCompletion, newId: NewItemId, creditsCost?: number): ResponseObject {
  const choice = completion.choices[0]!
  const end = endOf(choice.finish_reason)
  return { ...shell, ...end, output: outputOf(choice.message, newId, end.status === 'completed' ? 'completed' : 'incomplete'), usage: usageOf(completion.usage, creditsCost) }
}
