import { describe, expect, it } from 'vitest'
import { eventSizeCounter } from './chunk-guard'

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

  it('counts alike however a chunk of many lines with every kind of line end is cut', () => {
    const text = 'data: 1\n\ndata: 2\r\n\r\n: note\rdata: 3\r\rdata: a\r\ndata: b\rdata: c\ndata: d'
    const open = 'data: a\r'.length + 'data: b\r'.length + 'data: c\n'.length + 'data: d'.length
    expect(openAfter(text, [])).toBe(open)
    for (let cut = 0; cut <= text.length; cut++) expect(openAfter(text, [cut])).toBe(open)
    for (let cut = 0; cut + 5 <= text.length; cut++) expect(openAfter(text, [cut, cut + 5])).toBe(open)
  })

  it('a CRLF split across chunks is one line end, not a blank line', () => {
    expect(openAfter('data: a\r\ndata: b', [8])).toBe('data: a\r'.length + 'data: b'.length)
  })
})
