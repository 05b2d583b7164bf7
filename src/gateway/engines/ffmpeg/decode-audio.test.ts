import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { PCM_SAMPLE_RATE, decodeAudioToPcm16k } from './decode-audio'
import { JFK_WAV, missingTools } from '../engine-test-support'

// Test fixtures are made here, at run time, with Debian's espeak-ng and ffmpeg (never shipped by the app).
const missing = missingTools(['espeak-ng', 'ffmpeg', 'ffprobe'])
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-decode-test-'))
let sourceSeconds = 0

const CONVERSIONS: Record<string, string[]> = {
  flac: ['-c:a', 'flac'],
  mp3: ['-c:a', 'libmp3lame'],
  mp4: ['-c:a', 'aac', '-f', 'mp4'],
  mpeg: ['-c:a', 'mp2', '-f', 'mpeg'],
  mpga: ['-c:a', 'libmp3lame', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-f', 'ipod'],
  ogg: ['-c:a', 'libvorbis'],
  wav: ['-c:a', 'pcm_s16le'],
  webm: ['-c:a', 'libopus', '-f', 'webm'],
}

beforeAll(() => {
  if (missing.length) return
  const wav = join(dir, 'espeak-source.wav')
  execFileSync('espeak-ng', ['-w', wav, 'Ask not what your country can do for you, ask what you can do for your country.'])
  sourceSeconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]).toString())
  for (const [ext, codec] of Object.entries(CONVERSIONS)) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, ...codec, join(dir, `speech.${ext}`)])
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('decodeAudioToPcm16k', () => {
  for (const ext of Object.keys(CONVERSIONS)) {
    it(`decodes ${ext} from a Buffer to 16 kHz mono PCM of the right length`, async (ctx) => {
      if (missing.length) ctx.skip(`needs Debian tools ${missing.join(', ')} to make fixtures: apt-get install espeak-ng ffmpeg`)
      const bytes = readFileSync(join(dir, `speech.${ext}`))
      const { pcm, seconds } = await decodeAudioToPcm16k(bytes, { filename: `speech.${ext}` })
      expect(pcm).toBeInstanceOf(Int16Array)
      expect(seconds).toBe(pcm.length / PCM_SAMPLE_RATE)
      // Lossy codecs pad a few tens of ms (encoder delay, frame size).
      expect(Math.abs(seconds - sourceSeconds)).toBeLessThan(0.1)
      expect(pcm.some((s) => Math.abs(s) > 1000)).toBe(true)
    })
  }

  it('decodes from a file path', async (ctx) => {
    if (missing.length) ctx.skip(`needs Debian tools ${missing.join(', ')}`)
    const { seconds } = await decodeAudioToPcm16k(join(dir, 'speech.ogg'))
    expect(Math.abs(seconds - sourceSeconds)).toBeLessThan(0.1)
  })

  it('keeps the jfk sample at its 11 s', async () => {
    const { pcm } = await decodeAudioToPcm16k(readFileSync(JFK_WAV), { filename: 'jfk.wav' })
    expect(pcm.length).toBe(176_000)
  })

  it('answers 400 for an empty file', async () => {
    const e = await decodeAudioToPcm16k(Buffer.alloc(0), { filename: 'empty.mp3' }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GatewayError)
    expect(e).toMatchObject({ status: 400, param: 'file', code: 'invalid_audio' })
    expect((e as Error).message).toContain('"empty.mp3" is empty')
  })

  it('answers 400 naming the file and the problem for bytes that are not audio', async () => {
    const e = await decodeAudioToPcm16k(Buffer.from('this is not audio at all, just some text'.repeat(50)), { filename: 'notes.mp3' }).catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 400, code: 'invalid_audio' })
    expect((e as Error).message).toMatch(/Could not decode the audio file "notes.mp3" \(.+\)/)
    expect((e as Error).message).not.toContain(tmpdir())
  })

  it('answers 400 for a video without an audio track', async (ctx) => {
    if (missing.length) ctx.skip(`needs Debian tools ${missing.join(', ')}`)
    const video = join(dir, 'silent.webm')
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=32x32:d=0.5', '-c:v', 'libvpx', video])
    const e = await decodeAudioToPcm16k(readFileSync(video), { filename: 'silent.webm' }).catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 400 })
    expect((e as Error).message).toContain('has no audio track')
  })

  it('refuses audio longer than audio.max_duration with 413 before decoding it, and takes audio of exactly the limit', async (ctx) => {
    if (missing.length) ctx.skip(`needs Debian tools ${missing.join(', ')}`)
    // two hours of silence: a small FLAC that decodes to 230 MB of PCM
    const flac = join(dir, 'silence.flac')
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '7200', '-c:a', 'flac', flac])
    const e = await decodeAudioToPcm16k(readFileSync(flac), { filename: 'meeting.flac', maxSeconds: 3600 }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GatewayError)
    expect(e).toMatchObject({ status: 413, code: 'audio_too_long', param: 'file' })
    expect((e as Error).message).toContain('"meeting.flac" is 2:00:00 long')
    expect((e as Error).message).toContain('audio.max_duration')

    expect((await decodeAudioToPcm16k(readFileSync(JFK_WAV), { filename: 'jfk.wav', maxSeconds: 11 })).pcm.length).toBe(176_000)
    await expect(decodeAudioToPcm16k(readFileSync(JFK_WAV), { filename: 'jfk.wav', maxSeconds: 10 })).rejects.toMatchObject({ status: 413, code: 'audio_too_long' })
  })

  it('stops ffmpeg when cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(decodeAudioToPcm16k(Buffer.alloc(1000, 1), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })
})
