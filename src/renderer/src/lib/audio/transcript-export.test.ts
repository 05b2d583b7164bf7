import { describe, expect, it } from 'vitest'
import { clock, exportTranscript } from './transcript-export'

const t = { text: 'Ask not. Ask what.', language: 'english', segments: [{ id: 0, start: 0.5, end: 1.25, text: ' Ask not.' }, { id: 1, start: 61, end: 62.5, text: ' Ask what.' }] }

describe('exportTranscript', () => {
  it('writes txt, srt, vtt and json with their content types', () => {
    expect(exportTranscript(t, 'txt')).toEqual({ body: 'Ask not. Ask what.\n', type: 'text/plain' })
    expect(exportTranscript(t, 'srt').body).toBe('1\n00:00:00,500 --> 00:00:01,250\nAsk not.\n\n2\n00:01:01,000 --> 00:01:02,500\nAsk what.\n')
    expect(exportTranscript(t, 'vtt').body).toMatch(/^WEBVTT\n\n00:00:00\.500 --> 00:00:01\.250\nAsk not\.\n/)
    expect(JSON.parse(exportTranscript(t, 'json').body)).toEqual({ text: t.text, language: 'english', segments: t.segments })
  })

  it('formats clock times', () => {
    expect([clock(0), clock(5.9), clock(75), clock(3725)]).toEqual(['0:00', '0:05', '1:15', '1:02:05'])
  })
})
