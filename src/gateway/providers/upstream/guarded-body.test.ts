import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createSecretRedactor } from '../../kernel/secret-redactor'
import { eventSizeCounter, guardBody } from './guarded-body'

/** The open event's size after feeding `text` cut into pieces at `cuts`. */
function openAfter(text: string, cuts: number[]): number {
  const count = eventSizeCounter()
  let last = 0
  let from = 0
  for (const cut of [...cuts, text.length]) {
    last = count(Buffer.from(text.slice(from, cut)))
    from = cut
  }
  return last
}

describe('eventSizeCounter', () => {
  it.each([
    ['LF', 'data: a\n\n'],
    ['CRLF', 'data: a\r\n\r\n'],
    ['CR', 'data: a\r\r'],
  ])('a blank line (%s) ends the event, wherever the chunks are cut', (_name, ended) => {
    for (let cut = 0; cut <= ended.length; cut++) expect(openAfter(`${ended}data: b`, [cut])).toBe('data: b'.length)
  })

  it('counts every line of an event until its blank line', () => {
    expect(openAfter('data: a\ndata: b\r\ndata: c', [3, 9])).toBe('data: a\n'.length + 'data: b\r'.length + 'data: c'.length)
  })

  it('a CRLF split across chunks is one line end, not a blank line', () => {
    expect(openAfter('data: a\r\ndata: b', [8])).toBe('data: a\r'.length + 'data: b'.length)
  })
})

describe('guardBody, a whole reply read at once', () => {
  const SECRET = 'sk-secret-0123456789'
  const guarded = (source: PassThrough, maxReplyBytes = 1024) => {
    const redactor = createSecretRedactor()
    redactor.add(SECRET)
    return guardBody(source, { providerId: 'up', limits: { maxReplyBytes, maxEventBytes: 1024 }, eventStream: false, redactor: redactor.stream() })
  }

  it('joins the chunks, with a secret split across two of them masked', async () => {
    const source = new PassThrough()
    const body = guarded(source)
    source.write(`{"echo":"${SECRET.slice(0, 5)}`)
    source.end(`${SECRET.slice(5)}"}`)
    expect(await body.json()).toEqual({ echo: `[redacted${'*'.repeat(SECRET.length - 10)}]` })
  })

  it('stops at the cap with a 502 naming the limit, and closes the source', async () => {
    const source = new PassThrough()
    const body = guarded(source, 8)
    source.write('0123456789')
    await expect(body.text()).rejects.toMatchObject({ status: 502, code: 'upstream_reply_too_large', message: expect.stringContaining('providers[].limits.max_reply') })
    expect(source.destroyed).toBe(true)
  })

  it("fails with the source's error, or as cut short when it closes before its end", async () => {
    const failing = new PassThrough()
    const failed = guarded(failing).text()
    failing.destroy(new Error('socket hang up'))
    await expect(failed).rejects.toThrow('socket hang up')
    const cut = new PassThrough()
    const read = guarded(cut).text()
    cut.write('{"partial":')
    cut.destroy()
    await expect(read).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' })
  })
})
