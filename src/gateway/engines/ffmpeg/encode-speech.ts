import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { wavFromPcm16 } from '../tts/wav-container'
import { runFfmpeg } from './run-ffmpeg'
import { withTempDir } from '../../blobs/atomic-file'

/** Speech comes out at 24 kHz mono, like OpenAI's (whose `pcm` is raw 24 kHz s16le). */
export const SPEECH_SAMPLE_RATE = 24_000

export const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const
export type SpeechFormat = (typeof SPEECH_FORMATS)[number]

export const SPEECH_CONTENT_TYPES: Record<SpeechFormat, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/L16; rate=24000; channels=1',
}

/** ffmpeg output options per compressed format (Ogg Opus and ADTS AAC, as OpenAI sends them). */
const ENCODER_ARGS: Record<Exclude<SpeechFormat, 'wav' | 'pcm'>, { args: string[]; extension: string }> = {
  mp3: { args: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'], extension: 'mp3' },
  opus: { args: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'], extension: 'opus' },
  aac: { args: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'], extension: 'aac' },
  flac: { args: ['-c:a', 'flac', '-f', 'flac'], extension: 'flac' },
}

export const MIN_SPEECH_SPEED = 0.25
export const MAX_SPEECH_SPEED = 4

/**
 * ffmpeg's atempo stretches time without changing pitch, by a factor of 0.5 to 2 per stage
 * (ffmpeg 4.1, the npm-shipped one): chain stages for 0.25 to 4.
 */
export function atempoFilters(speed: number): string[] {
  if (!(speed > 0)) throw new RangeError(`speed must be positive, got ${speed}`)
  const stages: string[] = []
  let rest = speed
  while (rest > 2) {
    stages.push('atempo=2')
    rest /= 2
  }
  while (rest < 0.5) {
    stages.push('atempo=0.5')
    rest /= 0.5
  }
  if (Math.abs(rest - 1) > 1e-6) stages.push(`atempo=${Number(rest.toFixed(6))}`)
  return stages
}

export interface SpeechAudioOptions {
  signal?: AbortSignal
  ffmpegPath?: string
}

/** A synthesizer's WAV at any rate to 24 kHz mono s16le samples, stretched in time by `speed`. */
export async function renderSpeechPcm(wav: Uint8Array, speed: number, options: SpeechAudioOptions = {}): Promise<Buffer> {
  const filters = [...atempoFilters(speed), `aresample=${SPEECH_SAMPLE_RATE}`]
  return runFfmpeg(['-f', 'wav', '-i', 'pipe:0', '-af', filters.join(','), '-ac', '1', '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'], {
    input: wav,
    signal: options.signal,
    ffmpegPath: options.ffmpegPath,
  })
}

/**
 * 24 kHz mono s16le samples to the requested format. Compressed formats go through a temp
 * file so their headers (durations, seek tables) are complete.
 */
export async function encodeSpeech(pcm: Buffer, format: SpeechFormat, options: SpeechAudioOptions = {}): Promise<Buffer> {
  if (format === 'pcm') return pcm
  if (format === 'wav') return wavFromPcm16(pcm, SPEECH_SAMPLE_RATE)
  const { args, extension } = ENCODER_ARGS[format]
  return withTempDir('speech', async (dir) => {
    const out = join(dir, `speech.${extension}`)
    await runFfmpeg(['-f', 's16le', '-ar', String(SPEECH_SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0', ...args, '-y', out], {
      input: pcm,
      signal: options.signal,
      ffmpegPath: options.ffmpegPath,
    })
    return await readFile(out)
  })
}
