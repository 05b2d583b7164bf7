import type { ChatRequestBody, WireMessage } from '../api/chat-types'

/** Chat fields with a Responses name; the rest are dropped (Responses has no `n`, `stop`, penalties, audio...). */
const RENAMED: Record<string, string> = { max_completion_tokens: 'max_output_tokens' }
const KEPT = new Set(['temperature', 'top_p', 'parallel_tool_calls', 'store', 'metadata', 'service_tier', 'stream', 'tool_choice'])

function inputOf(messages: WireMessage[]): { instructions?: string; input: unknown[] } {
  const input: unknown[] = []
  let instructions: string | undefined
  messages.forEach((m, i) => {
    if ((m.role === 'system' || m.role === 'developer') && i === 0) instructions = m.content
    else if (m.role === 'system' || m.role === 'developer') input.push({ role: m.role, content: m.content })
    else if (m.role === 'tool') input.push({ type: 'function_call_output', call_id: m.tool_call_id, output: m.content })
    else if (m.role === 'assistant') {
      if (m.content) input.push({ role: 'assistant', content: m.content })
      for (const c of m.tool_calls ?? []) input.push({ type: 'function_call', call_id: c.id, name: c.function.name, arguments: c.function.arguments })
    } else if (typeof m.content === 'string') input.push({ role: 'user', content: m.content })
    else
      input.push({
        role: 'user',
        content: m.content.map((p) => (p.type === 'text' ? { type: 'input_text', text: p.text } : p.type === 'image_url' ? { type: 'input_image', image_url: p.image_url.url, detail: p.image_url.detail ?? 'auto' } : p)),
      })
  })
  return { ...(instructions !== undefined ? { instructions } : {}), input }
}

/** The playground's chat request as the same request to `POST /v1/responses` (what is sent, and what View code shows). */
export function toResponsesBody(body: ChatRequestBody): Record<string, unknown> {
  const out: Record<string, unknown> = { model: body.model, ...inputOf(body.messages) }
  for (const [k, v] of Object.entries(body)) {
    if (RENAMED[k]) out[RENAMED[k]] = v
    else if (KEPT.has(k)) out[k] = k === 'tool_choice' && typeof v === 'object' && v ? { type: 'function', name: (v as { function: { name: string } }).function.name } : v
  }
  if (typeof body.reasoning_effort === 'string') out.reasoning = { effort: body.reasoning_effort }
  const tools = body.tools as Array<{ type: string; function?: { name: string; description?: string; parameters?: unknown; strict?: boolean } }> | undefined
  if (tools?.length) out.tools = tools.map((t) => (t.type === 'function' && t.function ? { type: 'function', ...t.function } : t))
  const format = body.response_format as { type: string; json_schema?: Record<string, unknown> } | undefined
  if (format) out.text = { format: format.type === 'json_schema' ? { type: 'json_schema', ...format.json_schema } : { type: format.type } }
  return out
}
