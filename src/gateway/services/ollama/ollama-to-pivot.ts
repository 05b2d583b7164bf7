/**
 * Ollama front, request side: `/api/chat` and `/api/generate` bodies as the chat pivot. Ollama's
 * tool results name their tool rather than a call id, so each is matched to the oldest unanswered call
 * of that name. `options.top_k` and `num_ctx` have no pivot field: the gateway's engines size their own
 * context (a model's `context_size`), so they are accepted and left out. `keep_alive` is read by the route
 * into the request context, where the local engine finds it.
 */
import { isPlainObject } from '../../../shared/chat/schema-helpers'
import type { ChatCompletionRequestBody, ChatMessageBody, ChatTool, JsonObject, ReasoningEffort, ToolCall, UserContentPart } from '../../../shared/chat/types'
import { badRequest } from '../../../shared/errors'
import { describeValue } from '../../../shared/validation/describe-value'

type Obj = Record<string, unknown>

export interface OllamaPivotOptions {
  /** The model reasons: `think` becomes `reasoning_effort`; otherwise it is left out. */
  reasons: boolean
}

const field = (path: string, problem: string) => badRequest(`${path} ${problem}`, path)

function requireModel(body: Obj): string {
  if (typeof body.model !== 'string' || body.model === '') throw field('model', `is required: name a model from GET /api/tags (got ${describeValue(body.model)})`)
  return body.model
}

export function ollamaChatToPivot(body: Obj, opts: OllamaPivotOptions): ChatCompletionRequestBody {
  const model = requireModel(body)
  if (!Array.isArray(body.messages)) throw field('messages', `must be an array of {"role": "user", "content": "..."} (got ${describeValue(body.messages)})`)
  const pending: ToolCall[] = []
  const messages = (body.messages as unknown[]).map((m, i) => toPivotMessage(m, `messages[${i}]`, pending))
  const out: ChatCompletionRequestBody = { model, messages }
  if (Array.isArray(body.tools) && body.tools.length > 0) out.tools = (body.tools as unknown[]).map(toPivotTool)
  return withCommon(out, body, opts)
}

export function ollamaGenerateToPivot(body: Obj, opts: OllamaPivotOptions): ChatCompletionRequestBody {
  const model = requireModel(body)
  const prompt = body.prompt ?? ''
  if (typeof prompt !== 'string') throw field('prompt', `must be a string (got ${describeValue(prompt)})`)
  const messages: ChatMessageBody[] = []
  // raw: the prompt is sent as it is, without the model's system prompt.
  if (typeof body.system === 'string' && body.system !== '' && body.raw !== true) messages.push({ role: 'system', content: body.system })
  messages.push({ role: 'user', content: userContent(prompt, body.images, 'images') })
  return withCommon({ model, messages }, body, opts)
}

function withCommon(out: ChatCompletionRequestBody, body: Obj, opts: OllamaPivotOptions): ChatCompletionRequestBody {
  Object.assign(out, toFormat(body.format), toOptions(body.options))
  const effort = opts.reasons ? toEffort(body.think) : undefined
  if (effort) out.reasoning_effort = effort
  // Ollama streams unless told not to.
  if (body.stream !== false) {
    out.stream = true
    out.stream_options = { include_usage: true }
  }
  return out
}

function userContent(text: string, images: unknown, path: string): string | UserContentPart[] {
  if (images === undefined || images === null || (Array.isArray(images) && images.length === 0)) return text
  if (!Array.isArray(images) || images.some((img) => typeof img !== 'string')) throw field(path, 'must be an array of base64-encoded images')
  // Raw base64: the pivot's image schema reads its type from its first bytes.
  return [{ type: 'text', text }, ...(images as string[]).map((url): UserContentPart => ({ type: 'image_url', image_url: { url } }))]
}

function toPivotMessage(m: unknown, path: string, pending: ToolCall[]): ChatMessageBody {
  if (!isPlainObject(m)) throw field(path, `must be an object with "role" and "content" (got ${describeValue(m)})`)
  const content = typeof m.content === 'string' ? m.content : ''
  switch (m.role) {
    case 'system':
      return { role: 'system', content }
    case 'user':
      return { role: 'user', content: userContent(content, m.images, `${path}.images`) }
    case 'assistant': {
      const calls = Array.isArray(m.tool_calls) ? (m.tool_calls as unknown[]).map((c, j) => toPivotCall(c, `${path}.tool_calls[${j}]`)) : []
      pending.push(...calls)
      return calls.length > 0 ? { role: 'assistant', content: content === '' ? null : content, tool_calls: calls } : { role: 'assistant', content }
    }
    case 'tool': {
      const name = typeof m.tool_name === 'string' ? m.tool_name : typeof m.name === 'string' ? m.name : undefined
      const at = pending.findIndex((c) => name === undefined || c.function.name === name)
      if (at < 0) throw field(`${path}.tool_name`, `answers no tool call of an earlier assistant message${name ? ` named "${name}"` : ''}`)
      const [call] = pending.splice(at, 1)
      return { role: 'tool', tool_call_id: call!.id, content }
    }
    default:
      throw field(`${path}.role`, `must be "system", "user", "assistant" or "tool" (got ${describeValue(m.role)})`)
  }
}

/** Ollama's calls carry no id: one is made from where the call sits, so its result can name it. */
function toPivotCall(c: unknown, path: string): ToolCall {
  const fn = isPlainObject(c) && isPlainObject(c.function) ? c.function : undefined
  if (!fn || typeof fn.name !== 'string') throw field(`${path}.function.name`, 'is required: the name of the tool called')
  const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {})
  const id = isPlainObject(c) && typeof c.id === 'string' ? c.id : `call_${path.replace(/\W+/g, '_').replace(/^_|_$/g, '')}`
  return { id, type: 'function', function: { name: fn.name, arguments: args } }
}

function toPivotTool(t: unknown, i: number): ChatTool {
  const fn = isPlainObject(t) && isPlainObject(t.function) ? t.function : undefined
  if (!fn || typeof fn.name !== 'string') throw field(`tools[${i}].function.name`, 'is required: {"type": "function", "function": {"name": "...", "parameters": {...}}}')
  const out: ChatTool & { type: 'function' } = { type: 'function', function: { name: fn.name, parameters: (isPlainObject(fn.parameters) ? fn.parameters : { type: 'object', properties: {} }) as JsonObject } }
  if (typeof fn.description === 'string') out.function.description = fn.description
  return out
}

function toFormat(format: unknown): Partial<ChatCompletionRequestBody> {
  if (format === undefined || format === null || format === '') return {}
  if (format === 'json') return { response_format: { type: 'json_object' } }
  if (isPlainObject(format)) return { response_format: { type: 'json_schema', json_schema: { name: 'response', schema: format as JsonObject } } }
  throw field('format', `must be "json" or a JSON schema object (got ${describeValue(format)})`)
}

function toOptions(options: unknown): Partial<ChatCompletionRequestBody> {
  if (options === undefined || options === null) return {}
  if (!isPlainObject(options)) throw field('options', `must be an object (got ${describeValue(options)})`)
  const out: Partial<ChatCompletionRequestBody> = {}
  const num = (name: string) => {
    const v = options[name]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'number') throw field(`options.${name}`, `must be a number (got ${describeValue(v)})`)
    return v
  }
  const temperature = num('temperature')
  if (temperature !== undefined) out.temperature = temperature
  const topP = num('top_p')
  if (topP !== undefined) out.top_p = topP
  const seed = num('seed')
  if (seed !== undefined) out.seed = seed
  const predict = num('num_predict')
  // -1 (and -2) mean "until the model stops" in Ollama.
  if (predict !== undefined && predict > 0) out.max_completion_tokens = Math.floor(predict)
  const stop = options.stop
  if (stop !== undefined && stop !== null) {
    if (!Array.isArray(stop) || stop.some((s) => typeof s !== 'string')) throw field('options.stop', 'must be an array of strings')
    if (stop.length > 0) out.stop = stop as string[]
  }
  return out
}

function toEffort(think: unknown): ReasoningEffort | undefined {
  if (think === true) return 'medium'
  if (think === 'low' || think === 'medium' || think === 'high') return think
  return undefined
}
