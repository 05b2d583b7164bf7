import { afterAll, describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { randomIds } from '../../kernel/system-runtime'
import { createLocalEngines } from './local-engines'

const tempDir = useTempDirs('gh-engines-', { afterFile: true })
const engines = createLocalEngines({ modelsDir: tempDir(), whisperConcurrency: 1, vadMinSeconds: 30, ids: randomIds })
afterAll(() => engines.close())

describe('local engines', () => {
  it('share one engine host, and start only the workers a request needs: speaking forks no llama.cpp worker', async () => {
    // Built the way the registry builds them for a request: every modality's provider at once.
    const chat = engines.chat('local')
    expect(chat.supportsN).toBe(true)
    engines.embedder()
    const speech = await engines.speaker().speak({ input: 'Only speech here.', voice: 'alloy', format: 'wav' }, { signal: new AbortController().signal })
    expect(speech.audio.subarray(0, 4).toString('latin1')).toBe('RIFF')
    const workers = Object.fromEntries(engines.stats().map((s) => [s.kind, s.workers]))
    expect(workers).toEqual({ whisper: 0, tts: 1, llama: 0 })
  })
})
