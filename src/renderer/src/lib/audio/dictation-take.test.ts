import { describe, expect, it } from 'vitest'
import { createDictationTake, type DictationTakeDeps } from './dictation-take'
import { STUDIO_SAMPLE_RATE } from './pcm'

function harness(overrides: Partial<DictationTakeDeps> = {}) {
  const log: unknown[] = []
  let feed: (samples: Int16Array) => void = () => undefined
  const heard: Blob[] = []
  const take = createDictationTake({
    openMicrophone: async (onSamples) => {
      feed = onSamples
      log.push('mic open')
      return { close: () => void log.push('mic closed') }
    },
    transcribe: async (wav) => (heard.push(wav), 'hello from the microphone'),
    finished: async (text) => void log.push(['finished', text]),
    failed: async (e, during) => void log.push(['failed', during, (e as Error).message]),
    ...overrides,
  })
  return { take, log, heard, speak: (seconds: number) => feed(new Int16Array(seconds * STUDIO_SAMPLE_RATE).fill(1000)) }
}

describe('a dictation take in the page', () => {
  it('records from start to stop, sends a 16 kHz WAV of it to transcription and hands over the text', async () => {
    const h = harness()
    await h.take.handle('start')
    h.speak(1)
    h.speak(0.5)
    await h.take.handle('stop')
    expect(h.log).toEqual(['mic open', 'mic closed', ['finished', 'hello from the microphone']])
    expect(h.heard).toHaveLength(1)
    expect(h.heard[0]!.size).toBe(44 + 1.5 * STUDIO_SAMPLE_RATE * 2)
    expect(h.heard[0]!.type).toBe('audio/wav')
  })

  it('a tap too short for speech pastes nothing and transcribes nothing', async () => {
    const h = harness()
    await h.take.handle('start')
    h.speak(0.1)
    await h.take.handle('stop')
    expect(h.heard).toEqual([])
    expect(h.log.at(-1)).toEqual(['finished', ''])
  })

  it('reports a refused microphone or a failed transcription, so the tray goes back to idle', async () => {
    const refused = harness({ openMicrophone: async () => Promise.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' })) })
    await refused.take.handle('start')
    await refused.take.handle('stop')
    expect(refused.log).toEqual([['failed', 'microphone', 'Permission denied']])

    const down = harness({ transcribe: async () => Promise.reject(new Error('model whisper-base is not loaded')) })
    await down.take.handle('start')
    down.speak(1)
    await down.take.handle('stop')
    expect(down.log.at(-1)).toEqual(['failed', 'transcription', 'model whisper-base is not loaded'])
  })

  it('a stop while the microphone is still opening waits for it; a second start is ignored', async () => {
    const h = harness()
    const starting = h.take.handle('start')
    void h.take.handle('start')
    const stopping = h.take.handle('stop')
    await Promise.all([starting, stopping])
    expect(h.log).toEqual(['mic open', 'mic closed', ['finished', '']])
    expect(h.take.recording).toBe(false)
  })
})
