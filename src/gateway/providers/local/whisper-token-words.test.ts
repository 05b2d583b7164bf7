import { describe, expect, it } from 'vitest'
import { tokensToWords, transcriptWords, wordsToSegments } from './whisper-token-words'

const tokens = [
  { start: 0.3, end: 0.5, text: ' And' },
  { start: 0.5, end: 0.6, text: ' so' },
  { start: 0.6, end: 0.8, text: ' my' },
  { start: 0.8, end: 1.0, text: ' fellow' },
  { start: 1.0, end: 1.3, text: ' Ameri' },
  { start: 1.3, end: 1.6, text: 'cans' },
  { start: 1.6, end: 1.6, text: ',' },
  { start: 1.6, end: 1.6, text: '[_TT_80]' },
  { start: 3.3, end: 3.5, text: ' ask' },
  { start: 3.5, end: 3.9, text: ' not.' },
  { start: 4.0, end: 4.2, text: ' "Yes' },
  { start: 4.2, end: 4.4, text: '!"' },
]

describe('whisper tokens to words and segments', () => {
  it('joins sub-word tokens and punctuation into the word they belong to', () => {
    const words = tokensToWords(tokens)
    expect(words.map((w) => w.text)).toEqual([' And', ' so', ' my', ' fellow', ' Americans,', ' ask', ' not.', ' "Yes!"'])
    expect(words[4]).toMatchObject({ start: 1.0, end: 1.6 })
  })

  it('lists words without punctuation, as OpenAI does', () => {
    expect(transcriptWords(tokensToWords(tokens)).map((w) => w.word)).toEqual(['And', 'so', 'my', 'fellow', 'Americans', 'ask', 'not', 'Yes'])
    expect(transcriptWords([{ start: 0, end: 1, text: ' -' }])).toEqual([])
  })

  it('starts a new segment after a sentence end and after a long pause', () => {
    const segments = wordsToSegments(tokensToWords(tokens))
    expect(segments.map((s) => s.text)).toEqual([' And so my fellow Americans,', ' ask not.', ' "Yes!"'])
    expect(segments[1]).toMatchObject({ start: 3.3, end: 3.9 })
  })

  it('cuts a segment that grows past the length limit', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ start: i, end: i + 0.9, text: ' word' }))
    expect(wordsToSegments(many, { maxSegmentSeconds: 4.5 }).map((s) => s.words.length)).toEqual([4, 4, 2])
  })
})
