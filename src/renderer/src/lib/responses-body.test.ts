import { describe, expect, it } from 'vitest'
import { codeSnippet } from './code-snippets'
import { toResponsesBody } from './responses-body'

const chatBody = {
  model: 'gpt-echo',
  messages: [
    { role: 'system' as const, content: 'Be brief.' },
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'What is this?' }, { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,AAAA' } }] },
    { role: 'assistant' as const, content: null, tool_calls: [{ id: 'call_1', type: 'function' as const, function: { name: 'look', arguments: '{}' } }] },
    { role: 'tool' as const, content: 'a cat', tool_call_id: 'call_1' },
  ],
  max_completion_tokens: 50,
  temperature: 0.3,
  stream: true,
  stream_options: { include_usage: true },
  tools: [{ type: 'function', function: { name: 'look', parameters: { type: 'object' } } }],
  response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' }, strict: true } },
}

describe('the playground request through the Responses API', () => {
  it('becomes the same request in Responses terms', () => {
    expect(toResponsesBody(chatBody)).toEqual({
      model: 'gpt-echo',
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'auto' }] },
        { type: 'function_call', call_id: 'call_1', name: 'look', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'a cat' },
      ],
      max_output_tokens: 50,
      temperature: 0.3,
      stream: true,
      tools: [{ type: 'function', name: 'look', parameters: { type: 'object' } }],
      text: { format: { type: 'json_schema', name: 'x', schema: { type: 'object' }, strict: true } },
    })
  })

  it('shows client.responses.create in View code', () => {
    const js = codeSnippet('javascript', 'http://127.0.0.1:4310', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, 'default', 'responses')
    expect(js).toContain('client.responses.create(')
    expect(js).toContain('"input"')
    expect(codeSnippet('python', 'http://127.0.0.1:4310', { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }, 'default', 'responses')).toContain('client.responses.create(')
    expect(codeSnippet('curl', 'http://127.0.0.1:4310', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, 'off', 'responses')).toContain('/v1/responses?fallbacks=false')
  })
})
