import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import type { ChatMessage } from '../../../shared/chat/types'
import { toAnthropicMessages } from './to-anthropic-messages'

const text = (t: string) => ({ type: 'text' as const, text: t })
const call = (id: string, args: string) => ({ id, type: 'function' as const, function: { name: 'f', arguments: args } })

function refusal(messages: ChatMessage[]): GatewayError {
  try {
    toAnthropicMessages(messages)
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw error
  }
  throw new Error('expected the messages to be refused')
}

describe('toAnthropicMessages', () => {
  it('joins system and developer messages, wherever they are, into system', () => {
    const out = toAnthropicMessages([
      { role: 'system', content: 'A' },
      { role: 'user', content: 'Hi' },
      { role: 'developer', content: [text('B'), text('C')] },
      { role: 'system', content: '' },
    ])
    expect(out).toEqual({ system: 'A\n\nB\nC', messages: [{ role: 'user', content: [text('Hi')] }] })
  })

  it('leaves system out when there is none', () => {
    expect(toAnthropicMessages([{ role: 'user', content: 'Hi' }])).not.toHaveProperty('system')
  })

  it('merges consecutive messages of one role so that roles alternate', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: 'a' },
      { role: 'user', content: [text('b')] },
      { role: 'assistant', content: 'c' },
      { role: 'assistant', content: [text('d')] },
      { role: 'user', content: 'e' },
    ])
    expect(out.messages).toEqual([
      { role: 'user', content: [text('a'), text('b')] },
      { role: 'assistant', content: [text('c'), text('d')] },
      { role: 'user', content: [text('e')] },
    ])
  })

  it('turns tool messages into user tool_result blocks placed before other user content', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, tool_calls: [call('c1', '{"x":1}')] },
      { role: 'user', content: 'also this' },
      { role: 'tool', tool_call_id: 'c1', content: '' },
    ])
    expect(out.messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'c1' }, text('also this')],
    })
    expect(out.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'f', input: { x: 1 } }] })
  })

  it('sends refusal parts, or the refusal of an empty assistant message, as text', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
      { role: 'user', content: 'y' },
      { role: 'assistant', content: null, refusal: 'Still no.', tool_calls: [call('c2', ' ')] },
    ])
    expect(out.messages[1]?.content).toEqual([text('No.')])
    expect(out.messages[3]?.content).toEqual([text('Still no.'), { type: 'tool_use', id: 'c2', name: 'f', input: {} }])
  })

  it('drops empty text and messages left empty', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: 'x' },
      { role: 'assistant', content: '' },
      { role: 'user', content: [text(''), text('y')] },
    ])
    expect(out.messages).toEqual([{ role: 'user', content: [text('x'), text('y')] }])
  })

  it('reads jpg data URLs as image/jpeg', () => {
    const out = toAnthropicMessages([
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/jpg;base64,/9j/4AAQ' } }] },
    ])
    expect(out.messages[0]?.content[0]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } })
  })

  it.each<[string, ChatMessage[], string, string]>([
    ['only system messages', [{ role: 'system', content: 'x' }], 'messages', 'at least one user'],
    [
      'audio input',
      [{ role: 'user', content: [text('x'), { type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } }] }],
      'messages[0].content[1]',
      'do not accept audio input',
    ],
    [
      'an image type Anthropic cannot read',
      [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/bmp;base64,Qk0=' } }] }],
      'messages[0].content[0].image_url.url',
      'image/bmp',
    ],
    [
      'tool arguments that are not JSON',
      [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [call('a', '{}'), call('b', '{"city": ')] }],
      'messages[1].tool_calls[1].function.arguments',
      'must be valid JSON',
    ],
    [
      'tool arguments that are not an object',
      [{ role: 'user', content: 'x' }, { role: 'assistant', tool_calls: [call('a', '[1,2]')] }],
      'messages[1].tool_calls[0].function.arguments',
      'must be a JSON object',
    ],
    [
      'a reference to audio output',
      [{ role: 'user', content: 'x' }, { role: 'assistant', content: 'y', audio: { id: 'audio_1' } }],
      'messages[1].audio',
      'audio output',
    ],
  ])('refuses %s', (_what, messages, param, fragment) => {
    const error = refusal(messages)
    expect(error.status).toBe(400)
    expect(error.param).toBe(param)
    expect(error.message).toContain(fragment)
  })
})
