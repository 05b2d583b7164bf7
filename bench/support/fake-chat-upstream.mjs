// A minimal OpenAI-compatible upstream for benchmarks: answers at once, JSON or a short SSE stream.
import { createServer } from 'node:http'

const completion = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1790000000,
  model: 'bench-upstream',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the benchmark upstream.' }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
})
const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1790000000, model: 'bench-upstream', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
const stream =
  chunk({ role: 'assistant', content: '' }) +
  ['Hello ', 'from ', 'the ', 'benchmark ', 'upstream.'].map((w) => chunk({ content: w })).join('') +
  chunk({}, 'stop') +
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1790000000, model: 'bench-upstream', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } })}\n\n` +
  'data: [DONE]\n\n'

const speech = Buffer.alloc(16 * 1024, 7)

const server = createServer((req, res) => {
  const parts = []
  req.on('data', (d) => parts.push(d))
  req.on('end', () => {
    // Speech for the soak's audio: a fixed few kilobytes of "audio".
    if (req.url === '/v1/audio/speech') return void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(speech)
    const streamed = Buffer.concat(parts).includes('"stream":true')
    if (streamed) res.writeHead(200, { 'content-type': 'text/event-stream' }).end(stream)
    else res.writeHead(200, { 'content-type': 'application/json' }).end(completion)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`))
