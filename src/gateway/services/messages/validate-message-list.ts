import { describeValue } from '../../../shared/validation/describe-value'
import { invalidField, isJsonObject } from './request-field-checks'

/**
 * Checks the shape of `messages` only as far as the gateway must understand it. Block types
 * are not enumerated: betas add new ones, and the upstream judges their fields.
 */
export function validateMessageList(messages: unknown): void {
  if (messages === undefined) {
    throw invalidField('messages', 'is required: send an array of {"role": "user", "content": "..."} turns')
  }
  if (!Array.isArray(messages)) {
    throw invalidField('messages', `must be an array of message objects (got ${describeValue(messages)})`)
  }
  // Anthropic answers an empty list with 400 too; refused here, it costs no upstream call and no fallback.
  if (messages.length === 0) throw invalidField('messages', 'must hold at least one message: send [{"role": "user", "content": "..."}]')
  messages.forEach((message, index) => validateMessage(message, `messages.${index}`))
}

function validateMessage(message: unknown, path: string): void {
  if (!isJsonObject(message)) {
    throw invalidField(path, `must be an object with "role" and "content" (got ${describeValue(message)})`)
  }
  // "system" inside messages: Claude Code 2.1's mid-conversation system turns (beta mid-conversation-system-2026-04-07).
  if (message.role !== 'user' && message.role !== 'assistant' && message.role !== 'system') {
    throw invalidField(
      `${path}.role`,
      `must be "user", "assistant" or "system" (got ${describeValue(message.role)}); ` +
        'put system instructions in the top-level "system" field',
    )
  }
  const content = message.content
  if (typeof content === 'string') return
  if (!Array.isArray(content)) {
    throw invalidField(
      `${path}.content`,
      `must be a string or an array of content blocks (got ${describeValue(content)})`,
    )
  }
  content.forEach((block, index) => {
    const blockPath = `${path}.content.${index}`
    if (!isJsonObject(block)) {
      throw invalidField(blockPath, `must be a content block object like {"type": "text", "text": "..."} (got ${describeValue(block)})`)
    }
    if (typeof block.type !== 'string' || block.type === '') {
      throw invalidField(`${blockPath}.type`, `is required: name the block type, e.g. "text" (got ${describeValue(block.type)})`)
    }
  })
}
