import { badRequest } from '../../../shared/errors'
import type {
  AssistantMessage,
  ChatMessage,
  JsonObject,
  TextPart,
  ToolCall,
  ToolMessage,
  UserContentPart,
} from '../../../shared/chat/types'
import type {
  AnthropicContentBlockParam,
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicMessageParam,
  AnthropicTextBlock,
} from './anthropic-types'

export interface AnthropicConversation {
  system?: string
  messages: AnthropicMessageParam[]
}

/**
 * Pivot messages -> Anthropic `system` + `messages`. System and developer messages, wherever
 * they sit, are joined into `system`; tool results become user `tool_result` blocks; and
 * consecutive messages of one role are merged, since Anthropic wants user and assistant to
 * alternate. Message `name`s and image `detail`s have no Anthropic equivalent and are dropped.
 */
export function toAnthropicMessages(messages: ChatMessage[]): AnthropicConversation {
  const system: string[] = []
  const out: AnthropicMessageParam[] = []
  for (const [index, message] of messages.entries()) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = textOf(message.content)
      if (text !== '') system.push(text)
      continue
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user'
    const blocks =
      message.role === 'assistant'
        ? assistantBlocks(message, index)
        : message.role === 'tool'
          ? [toolResultBlock(message)]
          : userBlocks(message.content, index)
    if (blocks.length === 0) continue
    const previous = out[out.length - 1]
    if (previous?.role === role) previous.content.push(...blocks)
    else out.push({ role, content: blocks })
  }
  if (out.length === 0) {
    throw badRequest('messages must contain at least one user, assistant or tool message for Anthropic models', 'messages')
  }
  for (const message of out) if (message.role === 'user') message.content = toolResultsFirst(message.content)
  return system.length > 0 ? { system: system.join('\n\n'), messages: out } : { messages: out }
}

const textOf = (content: string | TextPart[]) =>
  typeof content === 'string' ? content : content.map((part) => part.text).join('\n')

const textBlock = (text: string): AnthropicTextBlock[] => (text === '' ? [] : [{ type: 'text', text }])

function userBlocks(content: string | UserContentPart[], index: number): AnthropicContentBlockParam[] {
  if (typeof content === 'string') return textBlock(content)
  return content.flatMap((part, partIndex): AnthropicContentBlockParam[] => {
    const param = `messages[${index}].content[${partIndex}]`
    switch (part.type) {
      case 'text':
        return textBlock(part.text)
      case 'image_url':
        return [imageBlock(part.image_url.url, `${param}.image_url.url`)]
      case 'input_audio':
        throw badRequest(`${param} is an input_audio part; Anthropic models do not accept audio input`, param)
    }
  })
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is
const MEDIA_TYPES: Record<string, AnthropicImageMediaType> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
}

function imageBlock(url: string, param: string): AnthropicImageBlock {
  const data = DATA_URL.exec(url)
  if (data === null) return { type: 'image', source: { type: 'url', url } }
  const mediaType = MEDIA_TYPES[(data[1] ?? '').toLowerCase()]
  if (mediaType === undefined) {
    throw badRequest(
      `${param} has media type ${data[1]}; Anthropic models accept image/jpeg, image/png, image/gif and image/webp`,
      param,
    )
  }
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: data[2] ?? '' } }
}

function assistantBlocks(message: AssistantMessage, index: number): AnthropicContentBlockParam[] {
  if (message.audio != null) {
    const param = `messages[${index}].audio`
    throw badRequest(`${param} refers to audio output, which Anthropic models do not produce`, param)
  }
  const { content } = message
  const blocks: AnthropicContentBlockParam[] =
    typeof content === 'string'
      ? textBlock(content)
      : Array.isArray(content)
        ? content.flatMap((part) => textBlock(part.type === 'text' ? part.text : part.refusal))
        : textBlock(message.refusal ?? '')
  for (const [callIndex, call] of (message.tool_calls ?? []).entries()) {
    blocks.push(toolUseBlock(call, `messages[${index}].tool_calls[${callIndex}].function.arguments`))
  }
  return blocks
}

function toolUseBlock(call: ToolCall, param: string): AnthropicContentBlockParam {
  return { type: 'tool_use', id: call.id, name: call.function.name, input: parseArguments(call.function.arguments, param) }
}

/** Anthropic wants tool input as an object; a model's empty arguments mean "no arguments". */
function parseArguments(text: string, param: string): JsonObject {
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw badRequest(`${param} must be valid JSON to send this tool call to an Anthropic model`, param)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest(`${param} must be a JSON object to send this tool call to an Anthropic model`, param)
  }
  return parsed as JsonObject
}

function toolResultBlock(message: ToolMessage): AnthropicContentBlockParam {
  const { content } = message
  const blocks = typeof content === 'string' ? content : content.flatMap((part) => textBlock(part.text))
  return blocks.length === 0
    ? { type: 'tool_result', tool_use_id: message.tool_call_id }
    : { type: 'tool_result', tool_use_id: message.tool_call_id, content: blocks }
}

/** Anthropic rejects a user turn whose tool_result blocks come after other content. */
const toolResultsFirst = (blocks: AnthropicContentBlockParam[]) => [
  ...blocks.filter((block) => block.type === 'tool_result'),
  ...blocks.filter((block) => block.type !== 'tool_result'),
]
