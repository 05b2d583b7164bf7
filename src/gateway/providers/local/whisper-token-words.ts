import { type TranscriptWord } from '../contracts/audio'

/** A piece of whisper output with times in seconds: a token (maxLen 1) or a whole segment. */
export interface TimedText {
  start: number
  end: number
  /** As whisper writes it: a token that starts a word has a leading space. */
  text: string
}

/** A word as whisper spelled it (leading space and punctuation kept), for rebuilding segment text. */
export type SpelledWord = TimedText

const SPECIAL_TOKEN = /^\s*\[_[A-Z_0-9]*\]\s*$/
const SENTENCE_END = /[.!?。！？…]["')\]]*$/
const EDGE_PUNCTUATION = /^[\s"'“‘([¿¡]+|[\s"'”’)\].,!?;:。，！？；：…]+$/g

/** Joins whisper tokens into words: a token with a leading space starts a word, others continue it. */
export function tokensToWords(tokens: TimedText[]): SpelledWord[] {
  const words: SpelledWord[] = []
  for (const token of tokens) {
    if (!token.text || SPECIAL_TOKEN.test(token.text)) continue
    const current = words.at(-1)
    if (current && !/^\s/.test(token.text)) {
      current.text += token.text
      current.end = Math.max(current.end, token.end)
    } else {
      words.push({ ...token })
    }
  }
  return words
}

/** Words as OpenAI lists them: no surrounding punctuation or spaces; punctuation-only words dropped. */
export function transcriptWords(words: SpelledWord[]): TranscriptWord[] {
  return words.map((w) => ({ word: w.text.replace(EDGE_PUNCTUATION, ''), start: w.start, end: w.end })).filter((w) => /[\p{L}\p{N}]/u.test(w.word))
}

export interface SegmentGrouping {
  /** A pause this long between two words starts a new segment. Default 1 s. */
  maxPauseSeconds?: number
  /** A segment ends at the first word boundary past this length. Default 30 s. */
  maxSegmentSeconds?: number
}

/** Groups words into segments at sentence ends, long pauses and at most `maxSegmentSeconds`. */
export function wordsToSegments(words: SpelledWord[], options: SegmentGrouping = {}): Array<TimedText & { words: SpelledWord[] }> {
  const maxPause = options.maxPauseSeconds ?? 1
  const maxLength = options.maxSegmentSeconds ?? 30
  const segments: Array<TimedText & { words: SpelledWord[] }> = []
  let open: (TimedText & { words: SpelledWord[] }) | null = null
  for (const word of words) {
    if (open && (word.start - open.end > maxPause || word.end - open.start > maxLength)) open = null
    if (!open) {
      open = { start: word.start, end: word.end, text: '', words: [] }
      segments.push(open)
    }
    open.words.push(word)
    open.text += word.text
    open.end = word.end
    if (SENTENCE_END.test(word.text.trim())) open = null
  }
  return segments
}
