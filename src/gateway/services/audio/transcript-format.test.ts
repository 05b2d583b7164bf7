import { describe, expect, it } from 'vitest'
import { type TranscriptionResult } from '../../providers/contracts/audio'
import { compressionRatio, formatTimestamp, formatTranscript, parseTranscriptFormat, toSrt, toVtt } from './transcript-format'

const result: TranscriptionResult = {
  task: 'transcribe',
  language: 'en',
  duration: 11.0,
  temperature: 0,
  text: 'And so my fellow Americans, ask not what your country can do for you.',
  segments: [
    { id: 0, start: 0.32, end: 2.27, text: ' And so my fellow Americans,' },
    { id: 1, start: 3.27, end: 7.68, text: ' ask not what your country can do for you.' },
  ],
  words: [
    { word: 'And', start: 0.32, end: 0.5 },
    { word: 'so', start: 0.5, end: 0.7 },
  ],
}

describe('timestamps', () => {
  it('formats SRT with a comma and VTT with a dot, to the millisecond', () => {
    expect(formatTimestamp(1.5, ',')).toBe('00:00:01,500')
    expect(formatTimestamp(1.5, '.')).toBe('00:00:01.500')
    expect(formatTimestamp(3723.0456, ',')).toBe('01:02:03,046')
    expect(formatTimestamp(59.9996, '.')).toBe('00:01:00.000')
    expect(formatTimestamp(0, ',')).toBe('00:00:00,000')
  })
})

describe('srt', () => {
  it('numbers cues from 1 and separates them with a blank line', () => {
    expect(toSrt(result.segments)).toBe(
      '1\n00:00:00,320 --> 00:00:02,270\nAnd so my fellow Americans,\n\n2\n00:00:03,270 --> 00:00:07,680\nask not what your country can do for you.\n',
    )
  })

  it('skips empty segments without leaving a gap in the numbering, and keeps a cue on one line', () => {
    const srt = toSrt([
      { id: 0, start: 0, end: 1, text: ' ' },
      { id: 1, start: 1, end: 2, text: 'two\n\nlines' },
    ])
    expect(srt).toBe('1\n00:00:01,000 --> 00:00:02,000\ntwo lines\n')
    expect(toSrt([])).toBe('')
  })
})

describe('vtt', () => {
  it('starts with the WEBVTT header and uses dotted timestamps', () => {
    expect(toVtt(result.segments)).toBe(
      'WEBVTT\n\n00:00:00.320 --> 00:00:02.270\nAnd so my fellow Americans,\n\n00:00:03.270 --> 00:00:07.680\nask not what your country can do for you.\n',
    )
  })

  it('escapes markup characters and answers a header alone for no speech', () => {
    expect(toVtt([{ id: 0, start: 0, end: 1, text: 'a <b> & c --> d' }])).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\na &lt;b&gt; &amp; c --&gt; d\n')
    expect(toVtt([])).toBe('WEBVTT\n\n')
  })
})

describe('formatTranscript', () => {
  it('json: text and duration usage in whole seconds; a translation has text only', () => {
    expect(formatTranscript({ ...result, duration: 10.2 }, 'json').body).toEqual({ text: result.text, usage: { type: 'duration', seconds: 11 } })
    expect(formatTranscript({ ...result, task: 'translate' }, 'json').body).toEqual({ text: result.text })
  })

  it('verbose_json: OpenAI segment fields, language name, words only when asked for', () => {
    const body = formatTranscript(result, 'verbose_json').body as Record<string, unknown>
    expect(body).toMatchObject({ task: 'transcribe', language: 'english', duration: 11, text: result.text })
    expect(body.words).toBeUndefined()
    const [first] = body.segments as Array<Record<string, unknown>>
    expect(Object.keys(first!).sort()).toEqual(['avg_logprob', 'compression_ratio', 'end', 'id', 'no_speech_prob', 'seek', 'start', 'temperature', 'text', 'tokens'].sort())
    expect(first).toMatchObject({ id: 0, start: 0.32, end: 2.27, text: ' And so my fellow Americans,', tokens: [], temperature: 0 })
    expect(first!.compression_ratio).toBeGreaterThan(0)

    const both = formatTranscript(result, 'verbose_json', ['word', 'segment']).body as Record<string, unknown>
    expect(both.words).toEqual(result.words)
    expect(both.segments).toHaveLength(2)
    const wordsOnly = formatTranscript(result, 'verbose_json', ['word']).body as Record<string, unknown>
    expect(wordsOnly.segments).toBeUndefined()
    expect(wordsOnly.words).toHaveLength(2)
  })

  it('text, srt and vtt come back as text with their content types', () => {
    expect(formatTranscript(result, 'text')).toEqual({ kind: 'text', contentType: 'text/plain', body: `${result.text}\n` })
    expect(formatTranscript(result, 'srt')).toMatchObject({ kind: 'text', contentType: 'application/x-subrip' })
    expect(formatTranscript(result, 'vtt')).toMatchObject({ kind: 'text', contentType: 'text/vtt' })
  })

  it('rejects an unknown response_format with a 400', () => {
    expect(parseTranscriptFormat(undefined)).toBe('json')
    expect(() => parseTranscriptFormat('xml')).toThrow(expect.objectContaining({ status: 400, param: 'response_format' }))
  })

  it('computes a higher compression ratio for repetitive text', () => {
    expect(compressionRatio('thank you '.repeat(30))).toBeGreaterThan(compressionRatio(result.text) * 2)
    expect(compressionRatio('')).toBe(0)
  })
})
