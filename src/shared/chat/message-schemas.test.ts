import { describe, expect, it } from 'vitest'
import { issueMessage } from '../validation/issue-messages'
import { messageSchema } from './message-schemas'

const parse = (message: unknown) => messageSchema.parse(message, { error: issueMessage })
const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

describe('messageSchema accepts every message kind', () => {
  const valid: [string, unknown][] = [
    ['developer with a string', { role: 'developer', content: 'Answer in French.', name: 'ops' }],
    ['developer with text parts', { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }] }],
    ['system with a string', { role: 'system', content: 'You are terse.' }],
    ['system with text parts', { role: 'system', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }],
    ['user with a string', { role: 'user', content: 'Hi', name: 'alice' }],
    [
      'user with every part',
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in these?' },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'low' } },
          { type: 'image_url', image_url: { url: PNG_DATA_URL } },
          { type: 'input_audio', input_audio: { data: 'UklGRiQAAABXQVZF', format: 'wav' } },
        ],
      },
    ],
    ['assistant with a string', { role: 'assistant', content: 'Hello!', name: 'bot', refusal: null }],
    ['assistant with text parts', { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }],
    ['assistant with one refusal part', { role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot help.' }] }],
    [
      'assistant with tool calls and null content',
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
    ],
    [
      'assistant tool call with invalid JSON arguments',
      { role: 'assistant', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{oops' } }] },
    ],
    ['assistant with audio', { role: 'assistant', content: 'hi', audio: { id: 'audio_1' } }],
    ['assistant with null audio', { role: 'assistant', content: 'hi', audio: null }],
    ['assistant with function_call', { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } }],
    ['tool with a string', { role: 'tool', tool_call_id: 'call_1', content: '18C' }],
    ['tool with text parts', { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: '18C' }] }],
    ['function with a string', { role: 'function', name: 'get_weather', content: '18C' }],
    ['function with null content', { role: 'function', name: 'get_weather', content: null }],
  ]

  it.each(valid)('%s', (_what, message) => {
    expect(parse(message)).toEqual(message)
  })

  it('drops fields the interface does not define, such as cache_control', () => {
    const parsed = parse({
      role: 'user',
      content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }],
      cache_control: { type: 'ephemeral' },
    })
    expect(parsed).toEqual({ role: 'user', content: [{ type: 'text', text: 'hi' }] })
  })

  it('rejects an unknown role with the list of roles', () => {
    const result = messageSchema.safeParse({ role: 'bot', content: 'x' }, { error: issueMessage })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['role'])
    expect(result.error?.issues[0]?.message).toContain('"developer", "system", "user", "assistant", "tool", "function"')
  })
})
