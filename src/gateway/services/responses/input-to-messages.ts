import type { AssistantMessage, ChatMessage, UserContentPart } from '../../../shared/chat/types'
import { badRequest } from '../../../shared/errors'
import type { InputContentPart, InputItem, MessageItem } from './responses-types'

const bad = (param: string, message: string) => badRequest(`${param} ${message}`, param)

function dataUrlPart(url: string, filename: string | undefined, param: string): UserContentPart {
  const m = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url)
  if (!m) throw bad(param, 'must be a data URL (data:<type>;base64,...)')
  const [, mime, base64, payload] = m
  if (mime!.startsWith('image/')) return { type: 'image_url', image_url: { url } }
  if (mime!.startsWith('text/') || /json|xml|csv|yaml/.test(mime!)) {
    const text = base64 ? Buffer.from(payload!, 'base64').toString('utf8') : decodeURIComponent(payload!)
    return { type: 'text', text: filename ? `${filename}:\n${text}` : text }
  }
  throw bad(param, `is a ${mime} file, which this gateway cannot read into a prompt; send text or image files, or use an OCR tool on the file`)
}

function userPart(part: InputContentPart, param: string): UserContentPart {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: part.text }
    case 'input_image':
      if (!part.image_url) throw bad(`${param}.image_url`, 'is required: an http(s) URL, a data URL, or a `file_id` of an uploaded image')
      return { type: 'image_url', image_url: { url: part.image_url, ...(part.detail ? { detail: part.detail } : {}) } }
    case 'input_file':
      if (part.file_data) return dataUrlPart(part.file_data.startsWith('data:') ? part.file_data : `data:application/octet-stream;base64,${part.file_data}`, part.filename, `${param}.file_data`)
      throw bad(param, 'must carry its file as `file_data` (a data URL) or `file_id` (an uploaded file); `file_url` files are not fetched here')
    default:
      throw bad(`${param}.type`, `must be one of "input_text", "input_image", "input_file"; got ${JSON.stringify((part as { type: unknown }).type)}`)
  }
}

const textOf = (content: MessageItem['content']): string => (typeof content === 'string' ? content : content.map((p) => ('text' in p ? p.text : 'refusal' in p ? p.refusal : '')).join(''))

function messageOf(item: MessageItem, param: string): ChatMessage {
  if (item.content === undefined || (typeof item.content !== 'string' && !Array.isArray(item.content))) throw bad(`${param}.content`, 'must be a string or an array of content parts')
  switch (item.role) {
    case 'assistant':
      return { role: 'assistant', content: textOf(item.content) }
    case 'system':
    case 'developer':
      return { role: item.role, content: textOf(item.content) }
    case 'user': {
      if (typeof item.content === 'string') return { role: 'user', content: item.content }
      return { role: 'user', content: item.content.map((p, j) => userPart(p, `${param}.content[${j}]`)) }
    }
    default:
      throw bad(`${param}.role`, `must be one of "user", "assistant", "system", "developer"; got ${JSON.stringify(item.role)}`)
  }
}

/**
 * Responses input items -> pivot messages. Function calls join the assistant message before them (as
 * `tool_calls`), their outputs become tool messages, reasoning items are dropped (the pivot has no
 * place for them; a model that reasons starts afresh). Item references are resolved before (resolveItems).
 */
export function inputToMessages(input: InputItem[], root = 'input'): ChatMessage[] {
  const out: ChatMessage[] = []
  const openAssistant = (): AssistantMessage => {
    const last = out[out.length - 1]
    if (last?.role === 'assistant') return last
    const m: AssistantMessage = { role: 'assistant', content: null, tool_calls: [] }
    out.push(m)
    return m
  }
  const add = (raw: InputItem, param: string): void => {
    const item = raw as InputItem & { type?: string }
    switch (item.type ?? 'message') {
      case 'message':
        out.push(messageOf(item as MessageItem, param))
        return
      case 'function_call': {
        const c = item as Extract<InputItem, { type: 'function_call' }>
        if (typeof c.call_id !== 'string' || typeof c.name !== 'string') throw bad(param, 'needs `call_id` and `name`')
        const m = openAssistant()
        ;(m.tool_calls ??= []).push({ id: c.call_id, type: 'function', function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : '{}' } })
        return
      }
      case 'function_call_output': {
        const o = item as Extract<InputItem, { type: 'function_call_output' }>
        if (typeof o.call_id !== 'string') throw bad(`${param}.call_id`, 'is required: the call_id of the function_call it answers')
        const output = typeof o.output === 'string' ? o.output : Array.isArray(o.output) ? o.output.map((p) => p.text ?? '').join('') : JSON.stringify(o.output)
        out.push({ role: 'tool', tool_call_id: o.call_id, content: output })
        return
      }
      case 'reasoning':
        return
      default:
        throw bad(`${param}.type`, `must be one of "message", "function_call", "function_call_output", "reasoning"; got ${JSON.stringify(item.type)}`)
    }
  }
  input.forEach((item, i) => {
    if (typeof item !== 'object' || item === null) throw bad(`${root}[${i}]`, 'must be an object')
    add(item, `${root}[${i}]`)
  })
  // An assistant that only called functions: its placeholder content is null and its list filled.
  for (const m of out) if (m.role === 'assistant' && m.tool_calls?.length === 0) delete m.tool_calls
  return out
}
