import type { UrlCitation } from '../../../shared/chat/types'

export interface CitedSource {
  title: string
  url: string
}

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g
const TRAILING = /[\s.!?;:,)"'\]]/

/** Where the sentence that ends at `end` starts: after the last sentence end, line break or earlier marker. */
function sentenceStart(content: string, end: number, floor: number): number {
  let i = end
  while (i > floor && TRAILING.test(content[i - 1]!)) i--
  for (; i > floor; i--) {
    const ch = content[i - 1]!
    if (ch === '\n') break
    if (/[.!?]/.test(ch) && /\s/.test(content[i] ?? ' ')) break
  }
  while (i < end && /\s/.test(content[i]!)) i++
  return i
}

/**
 * `url_citation` annotations for an answer written with numbered sources: each `[n]` (or `[n, m]`)
 * marker cites the sentence it closes, from the sentence's first character to the end of the marker;
 * indices are JavaScript string offsets (UTF-16 code units) into `content`. An answer that cites
 * nothing gets one annotation per source over the whole answer, since it was written with all of them
 * in its context.
 */
export function citeSources(content: string, sources: readonly CitedSource[]): UrlCitation[] {
  if (!content || !sources.length) return []
  const out: UrlCitation[] = []
  let floor = 0
  for (const m of content.matchAll(MARKER)) {
    const numbers = m[1]!.split(',').map((n) => Number(n.trim()))
    const cited = numbers.filter((n) => n >= 1 && n <= sources.length)
    const end = m.index + m[0].length
    if (cited.length) {
      const start = sentenceStart(content, m.index, floor)
      for (const n of new Set(cited)) out.push(citation(sources[n - 1]!, start, end))
    }
    floor = end
  }
  if (out.length) return out
  return sources.map((s) => citation(s, 0, content.length))
}

const citation = (s: CitedSource, start: number, end: number): UrlCitation => ({ type: 'url_citation', url_citation: { start_index: start, end_index: end, title: s.title, url: s.url } })
