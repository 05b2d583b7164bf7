import type { ServerResponse } from 'node:http'
import { type RecordedRequest, sleep, startFakeServer } from './fake-upstream'

type Block = { type: string; text?: string; content?: unknown }
type Msg = { role: string; content: string | Block[] }

function lastUserText(messages: Msg[]): string {
  const last = messages[messages.length - 1]
  if (!last) return ''
  if (typeof last.content === 'string') return last.content
  return last.content.map((b) => (b.type === 'text' ? b.text : b.type === 'tool_result' ? `result ${JSON.stringify(b.content)}` : '')).join(' ')
}

/** The Anthropic message a fake upstream answers with: text, or a tool_use when tools are offered. */
export function messageFor(req: RecordedRequest, usage: { cache_read_input_tokens?: number; cache_creation_input_tokens?: number } = {}) {
  const body = req.json
  const messages = (body.messages ?? []) as Msg[]
  const tools = (body.tools ?? []) as Array<{ name: string }>
  const lastIsUserText = messages[messages.length - 1]?.role === 'user' && !lastUserText(messages).startsWith('result')
  const toolUse = tools.length > 0 && lastIsUserText && (body.tool_choice as { type?: string } | undefined)?.type !== 'none'
  const text = `claude: ${lastUserText(messages)}`
  return {
    id: 'msg_fake01',
    type: 'message',
    role: 'assistant',
    model: String(body.model),
    content: toolUse ? [{ type: 'tool_use', id: 'toolu_fake1', name: tools[0]!.name, input: { city: 'Paris' } }] : [{ type: 'text', text }],
    stop_reason: toolUse ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: toolUse ? 5 : text.split(' ').length, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...usage },
  }
}

export async function streamMessage(req: RecordedRequest, res: ServerResponse, delayMs = 0) {
  const msg = messageFor(req)
  res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': 'req_fake_stream' })
  const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  send('message_start', { type: 'message_start', message: { ...msg, content: [], stop_reason: null, usage: { ...msg.usage, output_tokens: 1 } } })
  const block = msg.content[0] as { type: string; id?: string; name?: string; input?: unknown; text?: string }
  if (block.type === 'tool_use') {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { ...block, input: {} } })
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } })
  } else {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } })
    for (const word of block.text!.split(/(?<= )/)) {
      if (res.destroyed) return
      send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: word } })
      if (delayMs) await sleep(delayMs)
    }
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 })
  send('message_delta', { type: 'message_delta', delta: { stop_reason: msg.stop_reason, stop_sequence: null }, usage: { output_tokens: msg.usage.output_tokens } })
  send('message_stop', { type: 'message_stop' })
  res.end()
}

export function startFakeAnthropic() {
  return startFakeServer(async (req, res) => {
    if (!req.url.endsWith('/v1/messages')) {
      res.writeHead(404).end()
      return
    }
    if (req.json.stream) return streamMessage(req, res)
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_fake_json' }).end(JSON.stringify(messageFor(req)))
  })
}
