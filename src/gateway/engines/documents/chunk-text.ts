export interface TextChunk {
  /** Position in the document, from 0. */
  seq: number
  text: string
  /** Where the chunk starts in the document's text (UTF-16 code units). */
  start: number
}

export interface ChunkOptions {
  /** Characters a chunk holds at most. */
  size: number
  /** Characters each chunk repeats from the end of the one before, so a sentence cut in two is whole in one of them. */
  overlap: number
}

export const DEFAULT_CHUNKING: ChunkOptions = { size: 1200, overlap: 200 }

/** The best place to end a chunk at or before `end`: a paragraph break, else a sentence end, else a space. */
function cutPoint(text: string, from: number, end: number): number {
  if (end >= text.length) return text.length
  const window = text.slice(from, end)
  const minimum = Math.floor(window.length / 2)
  for (const pattern of [/\n\s*\n/g, /[.!?]["')\]]?\s/g, /\s/g]) {
    let best = -1
    for (const m of window.matchAll(pattern)) if (m.index + m[0].length >= minimum) best = m.index + m[0].length
    if (best > 0) return from + best
  }
  return end
}

/** Splits text into chunks of at most `size` characters that overlap by about `overlap`, cut at natural breaks. */
export function chunkText(text: string, opts: ChunkOptions = DEFAULT_CHUNKING): TextChunk[] {
  if (opts.overlap >= opts.size) throw new Error('overlap must be smaller than the chunk size')
  const chunks: TextChunk[] = []
  let start = 0
  while (start < text.length) {
    const end = cutPoint(text, start, start + opts.size)
    const piece = text.slice(start, end)
    if (piece.trim()) chunks.push({ seq: chunks.length, text: piece.trim(), start })
    if (end >= text.length) break
    // step back by the overlap, then forward to a word start so no chunk begins mid-word
    let next = Math.max(end - opts.overlap, start + 1)
    while (next < end && !/\s/.test(text[next - 1]!)) next++
    start = next
  }
  return chunks
}
