import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAudioEngineHost } from '../../engines/audio-engine-host'
import { missingTools } from '../../engines/engine-test-support'
import { type EngineHost } from '../../engines/host/engine-host'
import { OPENAI_VOICES } from '../../engines/tts/tts-voice-catalog'
import { type SpeechResponseFormat } from '../contracts/audio'
import { LocalSpeechProvider } from './local-speech-provider'

const missing = missingTools(['ffprobe'])
const needsFfprobe = `needs Debian's ffprobe to check the encoded audio: apt-get install ffmpeg`
const TEXT = 'The quick brown fox jumps over the lazy dog. Gatehouse speaks without a network.'

let host: EngineHost
let provider: LocalSpeechProvider
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-speech-test-'))

beforeAll(() => {
  host = createAudioEngineHost({ ttsConcurrency: 2 })
  provider = new LocalSpeechProvider({ host })
})
afterAll(async () => {
  await host.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Duration and codec of an encoded file, read by Debian's ffprobe (an independent decoder). */
function probe(audio: Buffer, ext: string): { seconds: number; codec: string; sampleRate: number } {
  const file = join(dir, `probe-${Math.random().toString(36).slice(2)}.${ext}`)
  writeFileSync(file, audio)
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,duration:format=duration', '-of', 'json', file]).toString()
  const json = JSON.parse(out) as { streams: Array<{ codec_name: string; sample_rate: string; duration?: string }>; format: { duration?: string } }
  const stream = json.streams[0]!
  // ADTS AAC carries no duration field: ffprobe estimates it from the bitrate (format duration).
  return { seconds: Number(stream.duration ?? json.format.duration), codec: stream.codec_name, sampleRate: Number(stream.sample_rate) }
}

describe('LocalSpeechProvider', () => {
  const CODECS: Record<Exclude<SpeechResponseFormat, 'pcm'>, string> = { mp3: 'mp3', opus: 'opus', aac: 'aac', flac: 'flac', wav: 'pcm_s16le' }

  it('answers pcm as raw 24 kHz s16le mono of the reported length', async () => {
    const result = await provider.speak({ input: TEXT, voice: 'alloy', format: 'pcm' })
    expect(result).toMatchObject({ format: 'pcm', sampleRate: 24_000 })
    expect(result.seconds).toBeCloseTo(result.audio.length / 2 / 24_000, 6)
    expect(result.seconds).toBeGreaterThan(2)
    expect(result.seconds).toBeLessThan(10)
  })

  for (const [format, codec] of Object.entries(CODECS) as Array<[Exclude<SpeechResponseFormat, 'pcm'>, string]>) {
    it(`encodes ${format} that ffprobe decodes as ${codec} with the synthesized duration`, async (ctx) => {
      if (missing.length) ctx.skip(needsFfprobe)
      const result = await provider.speak({ input: TEXT, voice: 'nova', format })
      const probed = probe(result.audio, format)
      expect(probed.codec).toBe(codec)
      expect(probed.sampleRate).toBe(format === 'opus' ? 48_000 : 24_000)
      expect(Math.abs(probed.seconds - result.seconds)).toBeLessThan(0.15)
    })
  }

  it('defaults to mp3', async () => {
    const result = await provider.speak({ input: 'Hello.', voice: 'echo' })
    expect(result.format).toBe('mp3')
    expect(result.contentType).toBe('audio/mpeg')
  })

  it('stretches time: speed 2 about halves the duration, 0.25 and 4 chain stages', async () => {
    const base = await provider.speak({ input: TEXT, voice: 'onyx', format: 'pcm' })
    const fast = await provider.speak({ input: TEXT, voice: 'onyx', format: 'pcm', speed: 2 })
    const fastest = await provider.speak({ input: TEXT, voice: 'onyx', format: 'pcm', speed: 4 })
    const slowest = await provider.speak({ input: TEXT, voice: 'onyx', format: 'pcm', speed: 0.25 })
    expect(fast.seconds / base.seconds).toBeGreaterThan(0.45)
    expect(fast.seconds / base.seconds).toBeLessThan(0.55)
    expect(fastest.seconds / base.seconds).toBeGreaterThan(0.2)
    expect(fastest.seconds / base.seconds).toBeLessThan(0.3)
    expect(slowest.seconds / base.seconds).toBeGreaterThan(3.8)
    expect(slowest.seconds / base.seconds).toBeLessThan(4.2)
  })

  it('gives every OpenAI voice a distinct sound', async () => {
    const hashes = new Set<string>()
    for (const voice of OPENAI_VOICES) {
      const { audio } = await provider.speak({ input: 'Distinct voices.', voice, format: 'pcm' })
      hashes.add(createHash('sha256').update(audio).digest('hex'))
    }
    expect(hashes.size).toBe(OPENAI_VOICES.length)
  })

  it('speaks other languages with eSpeak NG and lists its voices', async () => {
    const result = await provider.speak({ input: 'Bonjour tout le monde, comment allez-vous ?', voice: 'espeak:fr', format: 'wav' })
    expect(result.seconds).toBeGreaterThan(1)
    const voices = await provider.listVoices()
    expect(voices.map((v) => v.id)).toEqual(expect.arrayContaining(['alloy', 'flite:slt', 'espeak:fr', 'espeak:de']))
  })

  it('answers 400 for an unknown voice, an unknown eSpeak voice, too long an input, a bad speed or format', async () => {
    await expect(provider.speak({ input: 'x', voice: 'robot' })).rejects.toMatchObject({ status: 400, param: 'voice' })
    await expect(provider.speak({ input: 'x', voice: 'espeak:xx-nowhere' })).rejects.toMatchObject({ status: 400, param: 'voice', code: 'unknown_voice' })
    await expect(provider.speak({ input: 'a'.repeat(4097), voice: 'alloy' })).rejects.toMatchObject({ status: 400, param: 'input' })
    await expect(provider.speak({ input: 'x', voice: 'alloy', speed: 5 })).rejects.toMatchObject({ status: 400, param: 'speed' })
    await expect(provider.speak({ input: 'x', voice: 'alloy', speed: 0.2 })).rejects.toMatchObject({ status: 400, param: 'speed' })
    await expect(provider.speak({ input: 'x', voice: 'alloy', format: 'ogg' as SpeechResponseFormat })).rejects.toMatchObject({ status: 400, param: 'response_format' })
    await expect(provider.speak({ input: '   ', voice: 'alloy' })).rejects.toMatchObject({ status: 400, param: 'input' })
  })

  it('accepts the longest input', async () => {
    const input = `${'Speech synthesis of a long text. '.repeat(124)}End.`.slice(0, 4096)
    const result = await provider.speak({ input, voice: 'alloy', format: 'pcm', speed: 4 })
    expect(result.seconds).toBeGreaterThan(30)
  })
})
