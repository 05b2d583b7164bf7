import { describe, expect, it } from 'vitest'
import { manualClock } from '../../../../../test/support/harness'
import { createAudioTranscripts } from './audio-transcripts'
import { speechPieces } from './speak-answer'

describe('audio transcripts', () => {
  it('keeps a transcript per team until its expires_at', () => {
    const clock = manualClock()
    const t = createAudioTranscripts({ clock, ttlMs: 60_000 })
    expect(t.put('team-a', 'audio_1', 'hello')).toBe(Math.floor((clock.now() + 60_000) / 1000))
    expect(t.get('team-a', 'audio_1')).toBe('hello')
    expect(t.get('team-b', 'audio_1')).toBeUndefined()
    clock.advance(59_999)
    expect(t.get('team-a', 'audio_1')).toBe('hello')
    clock.advance(1)
    expect(t.get('team-a', 'audio_1')).toBeUndefined()
    expect(t.size()).toBe(0)
  })

  it('drops the oldest past its count or size bound', () => {
    const t = createAudioTranscripts({ clock: manualClock(), maxEntries: 2, maxCharacters: 10 })
    t.put('t', 'a', 'aaaa')
    t.put('t', 'b', 'bbbb')
    t.put('t', 'c', 'cc')
    expect([t.get('t', 'a'), t.get('t', 'b'), t.get('t', 'c')]).toEqual([undefined, 'bbbb', 'cc'])
    t.put('t', 'd', 'dddddddd')
    expect([t.get('t', 'b'), t.get('t', 'c'), t.get('t', 'd')]).toEqual([undefined, 'cc', 'dddddddd'])
    t.put('t', 'e', 'e')
    expect([t.get('t', 'c'), t.get('t', 'd'), t.get('t', 'e')]).toEqual([undefined, 'dddddddd', 'e'])
  })
})

describe('speech pieces', () => {
  it('cuts long text at sentence ends, else at spaces, each within the limit', () => {
    expect(speechPieces('  short  ', 20)).toEqual(['short'])
    expect(speechPieces('One two three. Four five six seven.', 20)).toEqual(['One two three.', 'Four five six seven.'])
    expect(speechPieces('aaaa bbbb cccc dddd', 10)).toEqual(['aaaa bbbb', 'cccc dddd'])
    expect(speechPieces('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)])
  })
})
