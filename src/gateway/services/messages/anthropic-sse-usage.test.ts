import { describe, expect, it } from 'vitest'
import { createAnthropicSseUsageObserver, type AnthropicStreamState } from './anthropic-sse-usage'
import { readFixture, streamFixtures } from './fixtures/messages-fixtures'
import { seededRandom } from './fixtures/random-json-bodies'

function observeAll(chunks: Buffer[]): AnthropicStreamState {
  const observer = createAnthropicSseUsageObserver()
  for (const chunk of chunks) observer.observe(chunk)
  return observer.state()
}

function splitAt(raw: Buffer, cuts: number[]): Buffer[] {
  const points = [0, ...cuts.sort((a, b) => a - b), raw.length]
  return points.slice(1).map((end, i) => raw.subarray(points[i], end))
}

const toCrlf = (raw: Buffer) => Buffer.from(raw.toString('utf8').replace(/\n/g, '\r\n'), 'utf8')

describe('createAnthropicSseUsageObserver', () => {
  it.each(streamFixtures.map((f) => [f.file, f] as const))('reads %s whole', (_file, fixture) => {
    expect(observeAll([readFixture(fixture.file)])).toEqual(fixture.finalState)
  })

  it.each(streamFixtures.map((f) => [f.file, f] as const))('reads %s with CRLF line endings, in random chunks', (_file, fixture) => {
    const raw = toCrlf(readFixture(fixture.file))
    const random = seededRandom(raw.length)
    for (let round = 0; round < 25; round++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * raw.length))
      expect(observeAll(splitAt(raw, cuts))).toEqual(fixture.finalState)
    }
  })

  it('survives every single split point, inside multibyte characters and between \\r and \\n', () => {
    const fixture = streamFixtures.find((f) => f.file === 'streams/text-cache-creation.sse')!
    for (const raw of [readFixture(fixture.file), toCrlf(readFixture(fixture.file))]) {
      for (let cut = 1; cut < raw.length; cut++) {
        expect(observeAll(splitAt(raw, [cut]))).toEqual(fixture.finalState)
      }
    }
  })

  it('keeps a multibyte character split across chunks whole in a payload it reads', () => {
    const message = 'Überlastet — 稍后重试 🔁'
    const raw = Buffer.from(`event: error\r\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } })}\r\n\r\n`)
    const first = raw.indexOf('Ü')
    for (let cut = first; cut < raw.length; cut++) {
      expect(observeAll(splitAt(raw, [cut])).error).toEqual({ type: 'overloaded_error', message })
    }
  })

  it('survives one byte at a time', () => {
    for (const fixture of streamFixtures) {
      const raw = toCrlf(readFixture(fixture.file))
      const bytes = Array.from({ length: raw.length }, (_, i) => raw.subarray(i, i + 1))
      expect(observeAll(bytes)).toEqual(fixture.finalState)
    }
  })

  it('never modifies the chunks it reads', () => {
    const raw = readFixture('streams/web-search.sse')
    const chunks = splitAt(raw, [7, 300, 301, 1000])
    const copies = chunks.map((chunk) => Buffer.from(chunk))
    observeAll(chunks)
    chunks.forEach((chunk, i) => expect(chunk.equals(copies[i]!)).toBe(true))
  })

  it('exposes the running usage mid-stream, for billing a client that disconnects', () => {
    const raw = readFixture('streams/text-cache-creation.sse')
    const observer = createAnthropicSseUsageObserver()
    expect(observer.state().usage).toBeNull()
    const afterStart = raw.indexOf('event: content_block_start')
    observer.observe(raw.subarray(0, afterStart))
    expect(observer.state()).toMatchObject({
      messageId: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      usage: { inputTokens: 21, outputTokens: 1, cacheCreationInputTokens: 1896 },
      stopReason: null,
      messageStopped: false,
    })
    const snapshot = observer.state()
    observer.observe(raw.subarray(afterStart))
    expect(snapshot.usage?.outputTokens).toBe(1) // snapshots are copies
    expect(observer.state().usage?.outputTokens).toBe(187)
  })

  it('keeps message_start counts that a message_delta leaves out', () => {
    const state = observeAll([readFixture('streams/stop-sequence.sse')])
    expect(state.usage).toMatchObject({ inputTokens: 18, outputTokens: 24 })
  })

  it('reads data-only events by their data type', () => {
    const raw = readFixture('streams/tool-use-cache-read.sse').toString('utf8').replace(/^event: .*\n/gm, '')
    const fixture = streamFixtures.find((f) => f.file === 'streams/tool-use-cache-read.sse')!
    expect(observeAll([Buffer.from(raw)])).toEqual(fixture.finalState)
  })

  it('ignores comments, unknown events and malformed data', () => {
    const raw = Buffer.from(
      ': keep-alive\n\n' +
        'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","model":"m","usage":{"input_tokens":9,"output_tokens":1}}}\n\n' +
        'event: message_delta\ndata: {not json\n\n' +
        'event: future_event\ndata: {"type":"future_event","usage":{"output_tokens":999}}\n\n' +
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}}\n\n',
    )
    expect(observeAll([raw])).toMatchObject({ usage: { inputTokens: 9, outputTokens: 5 }, stopReason: 'end_turn', messageStopped: false })
  })

  it('ignores an event cut off by the end of the stream', () => {
    const raw = readFixture('streams/text-cache-creation.sse')
    const cut = raw.indexOf('event: message_delta') + 60
    const state = observeAll([raw.subarray(0, cut)])
    expect(state.usage?.outputTokens).toBe(1)
    expect(state.stopReason).toBeNull()
  })
})
