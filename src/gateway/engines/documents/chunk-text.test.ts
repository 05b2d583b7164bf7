import { describe, expect, it } from 'vitest'
import { chunkText } from './chunk-text'
import { documentFormat } from './document-text'

const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} says something about topic ${i % 7}.`).join(' ')

describe('chunking', () => {
  it('cuts at sentence ends within the size, and each chunk repeats the end of the one before', () => {
    const chunks = chunkText(sentences, { size: 300, overlap: 60 })
    expect(chunks.length).toBeGreaterThan(5)
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(300)
      expect(sentences.slice(c.start).startsWith(c.text)).toBe(true)
    }
    for (const c of chunks.slice(0, -1)) expect(c.text).toMatch(/\.$/)
    for (const [i, c] of chunks.slice(1).entries()) {
      const prev = chunks[i]!
      expect(c.start).toBeLessThan(prev.start + prev.text.length)
      expect(prev.text.endsWith(sentences.slice(c.start, prev.start + prev.text.length).trim())).toBe(true)
    }
    expect(chunks.at(-1)!.text.endsWith('Sentence number 40 says something about topic 4.')).toBe(true)
  })

  it('prefers paragraph breaks, and never starts a chunk in the middle of a word', () => {
    const text = `${'alpha '.repeat(30).trim()}\n\n${'beta '.repeat(30).trim()}`
    const chunks = chunkText(text, { size: 250, overlap: 40 })
    expect(chunks[0]!.text).toBe('alpha '.repeat(30).trim())
    for (const c of chunks) expect(c.text).toMatch(/^(alpha|beta)/)
  })

  it('tells formats by magic bytes, media type or name', () => {
    expect(documentFormat('x.bin', Buffer.from('%PDF-1.7 ...'))).toBe('pdf')
    expect(documentFormat('page', Buffer.from('<p>'), 'text/html; charset=utf-8')).toBe('html')
    expect(documentFormat('notes.MD', Buffer.from('# x'))).toBe('markdown')
    expect(documentFormat('blob.bin', Buffer.from([0, 1]))).toBeNull()
  })
})
