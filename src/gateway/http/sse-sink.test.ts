import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { responseSseSink, typedSseSink } from './sse-sink'

let server: Server | undefined
afterEach(() => server?.close())

/** A real server on port 0 whose one response `handle` writes; resolves with the client's side of it, unread. */
async function exchange(handle: (res: ServerResponse) => Promise<void>): Promise<{ response: IncomingMessage; handled: Promise<void> }> {
  let handled!: Promise<void>
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    handled = handle(res)
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const response = await new Promise<IncomingMessage>((resolve) => request({ port, host: '127.0.0.1', path: '/' }, resolve).end())
  return { response, handled }
}

const bodyOf = async (res: IncomingMessage) => {
  let text = ''
  for await (const part of res) text += String(part)
  return text
}

/** Counts the response's writes (an `end` with data is one). */
function countWrites(res: ServerResponse): { writes: number } {
  const counter = { writes: 0 }
  const write = res.write.bind(res) as (chunk: string) => boolean
  const end = res.end.bind(res) as (chunk?: string) => ServerResponse
  res.write = ((chunk: string) => (counter.writes++, write(chunk))) as typeof res.write
  res.end = ((chunk?: string) => (chunk ? counter.writes++ : 0, end(chunk))) as typeof res.end
  return counter
}

describe('SSE sinks', () => {
  it('sends the events given in one turn of the event loop in one write, and end sends what is still waiting', async () => {
    let counted = { writes: 0 }
    const { response, handled } = await exchange(async (res) => {
      counted = countWrites(res)
      const sink = responseSseSink(res)
      await sink.send('{"n":1}')
      await sink.send('{"n":2}')
      await new Promise((resolve) => setImmediate(resolve))
      await sink.send('{"n":3}')
      await sink.send('[DONE]')
      sink.end()
    })
    expect(await bodyOf(response)).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\ndata: [DONE]\n\n')
    await handled
    expect(counted.writes).toBe(2)
  })

  it('names each typed event before its data, in the order given', async () => {
    const { response } = await exchange(async (res) => {
      const sink = typedSseSink(res)
      await sink.send([
        { type: 'response.created', data: '{"a":1}' },
        { type: 'response.output_text.delta', data: '{"b":2}' },
      ])
      await sink.send([{ type: 'response.completed', data: '{"c":3}' }])
      sink.end()
    })
    expect(await bodyOf(response)).toBe('event: response.created\ndata: {"a":1}\n\nevent: response.output_text.delta\ndata: {"b":2}\n\nevent: response.completed\ndata: {"c":3}\n\n')
  })

  it('holds the sender back while a client that does not read has a full buffer, and goes on once it reads', async () => {
    const event = 'x'.repeat(64 * 1024)
    let sentBeforeBlocked = 0
    let blocked!: () => void
    const wasBlocked = new Promise<void>((resolve) => (blocked = resolve))
    const { response, handled } = await exchange(async (res) => {
      const sink = responseSseSink(res)
      // At most 1 GB, far beyond any socket buffer: the loop ends when a send has to wait.
      for (let i = 0; i < 16 * 1024; i++) {
        let settled = false
        const sent = sink.send(event).then(() => void (settled = true))
        await new Promise((resolve) => setImmediate(resolve))
        sentBeforeBlocked++
        if (!settled) {
          blocked()
          await sent
          break
        }
      }
      await sink.send('[DONE]')
      sink.end()
    })
    await wasBlocked
    expect(sentBeforeBlocked).toBeLessThan(16 * 1024)
    const body = await bodyOf(response)
    await handled
    expect(body.length).toBe(sentBeforeBlocked * `data: ${event}\n\n`.length + 'data: [DONE]\n\n'.length)
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true)
  })
})
