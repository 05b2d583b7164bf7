import type { FakeServer } from '../fake-upstream'
import { writeSse } from '../fake-upstream'

/**
 * Makes the fake upstream's next chat answer a call of `name` with `args`, whole or streamed as the
 * request asks; the answer after it is the fake's usual echo of the last (tool) message.
 */
export function scriptToolCall(fake: FakeServer, name: string, args: Record<string, unknown>, id = 'call_mcp_1') {
  fake.next((req, res) => {
    const base = { id: 'chatcmpl-scripted', created: 1_790_000_000, model: String(req.json.model), system_fingerprint: 'fp_fake' }
    const usage = { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25, prompt_tokens_details: { cached_tokens: 0 } }
    const call = { id, type: 'function', function: { name, arguments: JSON.stringify(args) } }
    if (!req.json.stream) {
      const message = { role: 'assistant', content: null, tool_calls: [call] }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'tool_calls', logprobs: null }], usage }))
      return true
    }
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({ data: { ...base, object: 'chat.completion.chunk', choices, ...extra } })
    const includeUsage = (req.json.stream_options as { include_usage?: boolean } | undefined)?.include_usage
    writeSse(res, [
      chunk([{ index: 0, delta: { role: 'assistant', content: null }, finish_reason: null }]),
      chunk([{ index: 0, delta: { tool_calls: [{ index: 0, ...call }] }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]),
      ...(includeUsage ? [chunk([], { usage })] : []),
      { data: '[DONE]' },
    ])
    return true
  })
}
