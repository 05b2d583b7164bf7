/**
 * Messages front, request side: an Anthropic Messages body (validated by validateMessagesRequest) as
 * the chat pivot, for models that do not speak Messages. The inverse of the Anthropic provider's
 * to-anthropic-request / to-anthropic-messages. `cache_control` is dropped (these models have no prompt
 * cache to steer), thinking blocks of earlier turns are dropped (their signatures mean nothing elsewhere),
 * and what has no pivot equivalent is refused with a 400 naming the field.
 */
import type { ChatCompletionRequestBody, ChatMessageBody, ChatTool, JsonObject, ReasoningEffort, ToolCall, ToolChoice, UserContentPart } from '../../../shared/chat/types'
import { EFFORT_BUDGETS } from '../../providers/anthropic/to-anthropic-request'
import { invalidField, isJsonObject } from './request-field-checks'

type Block = JsonObject & { type: string }

export interface PivotOptions {
  /** The model reasons: `thinking` becomes `reasoning_effort`; otherwise thinking is left out. */
  reasons: boolean
}

const textOfBlocks = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? (content as Block[]).filter((b) => b.type === 'text').map((b) => String(b.text ?? '')).join('\n') : ''

export function messagesToPivot(body: JsonObject, opts: PivotOptions): ChatCompletionRequestBody {
  const messages: ChatMessageBody[] = []
  const system = textOfBlocks(body.system)
  if (system !== '') messages.push({ role: 'system', content: system })
  ;(body.messages as JsonObject[]).forEach((m, i) => messages.push(...toPivotMessages(m, `messages.${i}`)))

  const out: ChatCompletionRequestBody = { model: body.model as string, messages }
  if (typeof body.max_tokens === 'number') out.max_completion_tokens = body.max_tokens
  if (Array.isArray(body.stop_sequences) && body.stop_sequences.length > 0) out.stop = body.stop_sequences as string[]
  if (typeof body.temperature === 'number') out.temperature = body.temperature
  if (typeof body.top_p === 'number') out.top_p = body.top_p
  const tools = Array.isArray(body.tools) ? (body.tools as JsonObject[]) : []
  if (tools.length > 0) {
    out.tools = tools.map(toPivotTool)
    Object.assign(out, toPivotToolChoice(body.tool_choice))
  }
  const effort = opts.reasons ? toEffort(body.thinking) : undefined
  if (effort !== undefined) out.reasoning_effort = effort
  const user = isJsonObject(body.metadata) ? body.metadata.user_id : undefined
  if (typeof user === 'string' && user !== '') out.user = user
  if (body.stream === true) {
    out.stream = true
    out.stream_options = { include_usage: true }
  }
  return out
}

/** One Anthropic turn as pivot messages: tool results become `tool` messages ahead of the turn's other content. */
function toPivotMessages(m: JsonObject, path: string): ChatMessageBody[] {
  const blocks: Block[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content as Block[])
  // Claude Code's mid-conversation system turns (beta mid-conversation-system-2026-04-07).
  if (m.role === 'system') return [{ role: 'system', content: textOfBlocks(blocks) }]
  if (m.role === 'assistant') return [assistantMessage(blocks, path)]
  const out: ChatMessageBody[] = []
  const parts: UserContentPart[] = []
  blocks.forEach((b, j) => {
    const at = `${path}.content.${j}`
    if (b.type === 'tool_result') out.push(toolMessage(b, at))
    else parts.push(...userPart(b, at))
  })
  if (parts.length > 0) out.push({ role: 'user', content: parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('\n') : parts })
  return out
}

function assistantMessage(blocks: Block[], path: string): ChatMessageBody {
  const texts: string[] = []
  const calls: ToolCall[] = []
  blocks.forEach((b, j) => {
    if (b.type === 'text') texts.push(String(b.text ?? ''))
    else if (b.type === 'tool_use') calls.push({ id: String(b.id), type: 'function', function: { name: String(b.name), arguments: JSON.stringify(b.input ?? {}) } })
    else if (b.type !== 'thinking' && b.type !== 'redacted_thinking') {
      throw invalidField(`${path}.content.${j}.type`, `"${b.type}" in an assistant turn can be sent only to Anthropic models; remove the block or pick an Anthropic model`)
    }
  })
  const text = texts.join('')
  return calls.length > 0 ? { role: 'assistant', content: text === '' ? null : text, tool_calls: calls } : { role: 'assistant', content: text }
}

/** `is_error` has no pivot field: the model reads it as the result's first words. */
function toolMessage(b: Block, path: string): ChatMessageBody {
  if (typeof b.tool_use_id !== 'string') throw invalidField(`${path}.tool_use_id`, 'is required: the id of the tool_use block this result answers')
  const text = textOfBlocks(b.content)
  return { role: 'tool', tool_call_id: b.tool_use_id, content: b.is_error === true ? `Error: ${text}` : text }
}

function userPart(b: Block, path: string): UserContentPart[] {
  switch (b.type) {
    case 'text':
      return [{ type: 'text', text: String(b.text ?? '') }]
    case 'image':
      return [{ type: 'image_url', image_url: { url: sourceUrl(b.source, `${path}.source`) } }]
    case 'document':
      return [{ type: 'text', text: documentText(b, path) }]
    default:
      throw invalidField(`${path}.type`, `"${b.type}" blocks can be sent only to Anthropic models; send text, image, document or tool_result blocks, or pick an Anthropic model`)
  }
}

function sourceUrl(source: unknown, path: string): string {
  if (isJsonObject(source) && source.type === 'base64' && typeof source.data === 'string') return `data:${String(source.media_type)};base64,${source.data}`
  if (isJsonObject(source) && source.type === 'url' && typeof source.url === 'string') return source.url
  throw invalidField(path, 'must be {"type": "base64", "media_type": "image/png", "data": "..."} or {"type": "url", "url": "https://..."}')
}

/** Plain-text and content-block documents are read as text; PDFs only Anthropic models read. */
function documentText(b: Block, path: string): string {
  const source = b.source
  const title = typeof b.title === 'string' ? `${b.title}\n\n` : ''
  if (isJsonObject(source) && source.type === 'text' && typeof source.data === 'string') return title + source.data
  if (isJsonObject(source) && source.type === 'content') return title + textOfBlocks(source.content)
  throw invalidField(`${path}.source`, 'is a PDF or URL document, which only Anthropic models read; send it as {"type": "text", "media_type": "text/plain", "data": "..."} or pick an Anthropic model')
}

function toPivotTool(tool: JsonObject, i: number): ChatTool {
  // An MCP server the gateway hosts (issue 25): the chat service checks the entry and runs the tool loop.
  if (tool.type === 'mcp') return tool as unknown as ChatTool
  if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
    throw invalidField(`tools.${i}.type`, `"${String(tool.type)}" is a server tool that only Anthropic models run; remove it or pick an Anthropic model`)
  }
  const fn: ChatTool & { type: 'function' } = { type: 'function', function: { name: tool.name as string, parameters: tool.input_schema as JsonObject } }
  if (typeof tool.description === 'string') fn.function.description = tool.description
  return fn
}

function toPivotToolChoice(choice: unknown): { tool_choice?: ToolChoice; parallel_tool_calls?: boolean } {
  if (!isJsonObject(choice)) return {}
  const serial = choice.disable_parallel_tool_use === true ? { parallel_tool_calls: false } : {}
  switch (choice.type) {
    case 'auto':
      return { tool_choice: 'auto', ...serial }
    case 'any':
      return { tool_choice: 'required', ...serial }
    case 'none':
      return { tool_choice: 'none' }
    case 'tool':
      if (typeof choice.name !== 'string') throw invalidField('tool_choice.name', 'is required with {"type": "tool"}: the tool to call')
      return { tool_choice: { type: 'function', function: { name: choice.name } }, ...serial }
    default:
      throw invalidField('tool_choice.type', 'must be "auto", "any", "tool" or "none"')
  }
}

/** A thinking budget as the nearest effort at or above it; adaptive thinking is a medium effort. */
function toEffort(thinking: unknown): ReasoningEffort | undefined {
  if (!isJsonObject(thinking) || thinking.type === 'disabled') return undefined
  if (thinking.type !== 'enabled' || typeof thinking.budget_tokens !== 'number') return 'medium'
  const budget = thinking.budget_tokens
  const efforts = Object.entries(EFFORT_BUDGETS) as Array<[Exclude<ReasoningEffort, 'none'>, number]>
  return (efforts.find(([, b]) => b >= budget) ?? efforts[efforts.length - 1]!)[0]
}
