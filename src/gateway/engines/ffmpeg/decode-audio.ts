import { stat, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { badRequest, GatewayError } from '../../../shared/errors'
import { FfmpegError, runFfmpeg } from './run-ffmpeg'
import { withTempDir } from '../../blobs/atomic-file'

/** whisper.cpp and Silero VAD both take 16 kHz mono. */
export const PCM_SAMPLE_RATE = 16_000

/** The upload formats the audio endpoints name; ffmpeg reads many more. */
export const TRANSCRIPTION_INPUT_FORMATS = ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm'] as const

export interface DecodedAudio {
  /** Mono signed 16-bit samples at PCM_SAMPLE_RATE. */
  pcm: Int16Array
  seconds: number
}

export interface DecodeAudioOptions {
  /** The client's file name: only for messages and to hint the container by extension. */
  filename?: string
  signal?: AbortSignal
  ffmpegPath?: string
  /**
   * Longest audio taken (audio.max_duration): longer audio is refused with 413, by its declared duration
   * before anything is decoded, and by what was decoded when the header says less than there is.
   */
  maxSeconds?: number
}

const invalidAudio = (message: string) => badRequest(message, 'file', 'invalid_audio')

/** Little-endian s16 bytes to samples, copying only when the bytes are not 2-aligned. */
export function bytesToPcm16(bytes: Buffer): Int16Array {
  const count = Math.floor(bytes.length / 2)
  if (bytes.byteOffset % 2 === 0) return new Int16Array(bytes.buffer, bytes.byteOffset, count)
  const copy = new Int16Array(count)
  new Uint8Array(copy.buffer).set(bytes.subarray(0, count * 2))
  return copy
}

/**
 * Decodes any audio (or the first audio track of a video) to 16 kHz mono s16 PCM with the
 * npm-shipped ffmpeg. A file that is empty, not audio, or has no audio track is a 400.
 * A Buffer is written to a temp file first: MP4/M4A keep their index at the end, which ffmpeg
 * cannot reach through a pipe.
 */
export async function decodeAudioToPcm16k(input: Buffer | string, options: DecodeAudioOptions = {}): Promise<DecodedAudio> {
  const name = options.filename ?? (typeof input === 'string' ? basename(input) : 'audio file')
  if (typeof input === 'string') {
    const info = await stat(input).catch(() => null)
    if (!info?.isFile()) throw invalidAudio(`The audio file "${name}" does not exist.`)
    if (info.size === 0) throw invalidAudio(`The audio file "${name}" is empty.`)
    return decodeFile(input, name, options)
  }
  if (input.length === 0) throw invalidAudio(`The audio file "${name}" is empty.`)
  // ffmpeg reads containers such as mp4 by seeking, so bytes go through a file, not a pipe.
  return withTempDir('decode', async (dir) => {
    const ext = extname(name).toLowerCase()
    const inputPath = join(dir, `input${/^\.[a-z0-9]{1,5}$/.test(ext) ? ext : ''}`)
    await writeFile(inputPath, input)
    return decodeFile(inputPath, name, options)
  })
}

const clock = (seconds: number) => {
  const s = Math.round(seconds)
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

const tooLong = (name: string, seconds: number | null, max: number) =>
  new GatewayError({
    status: 413,
    type: 'request_too_large',
    code: 'audio_too_long',
    param: 'file',
    message: `The audio file "${name}" is ${seconds === null ? 'longer than' : clock(seconds) + ' long;'} ${seconds === null ? clock(max) + ';' : ''} this gateway decodes at most ${clock(max)} (h:mm:ss) of audio (audio.max_duration). Split it or send a shorter part.`.replace(/\s+/g, ' '),
  })

/** The duration the container declares (ffmpeg prints it when it opens the file), null when it has none. */
async function declaredSeconds(inputPath: string, options: DecodeAudioOptions): Promise<number | null> {
  // with an input and no output ffmpeg fails after printing the input's header: that failure is the answer
  const stderr = await runFfmpeg(['-v', 'info', '-i', inputPath], { signal: options.signal, ffmpegPath: options.ffmpegPath }).then(
    () => '',
    (e: unknown) => {
      if (e instanceof FfmpegError) return e.stderr
      throw e
    },
  )
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr)
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null
}

async function decodeFile(inputPath: string, name: string, options: DecodeAudioOptions): Promise<DecodedAudio> {
  const max = options.maxSeconds
  if (max) {
    const declared = await declaredSeconds(inputPath, options)
    if (declared !== null && declared > max) throw tooLong(name, declared, max)
  }
  try {
    const args = ['-i', inputPath, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(PCM_SAMPLE_RATE)]
    // a sample past the limit tells audio that lied about its length from audio of exactly the limit
    if (max) args.push('-t', String(max + 1 / PCM_SAMPLE_RATE))
    args.push('-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1')
    const bytes = await runFfmpeg(args, { signal: options.signal, ffmpegPath: options.ffmpegPath })
    const pcm = bytesToPcm16(bytes)
    if (pcm.length === 0) throw invalidAudio(`The audio file "${name}" contains no audio samples.`)
    if (max && pcm.length > max * PCM_SAMPLE_RATE) throw tooLong(name, null, max)
    return { pcm, seconds: pcm.length / PCM_SAMPLE_RATE }
  } catch (e) {
    if (e instanceof FfmpegError) throw invalidAudio(describeDecodeFailure(name, e.stderr.split(inputPath).join(name), e.reason.split(inputPath).join(name)))
    throw e
  }
}

function describeDecodeFailure(name: string, stderr: string, reason: string): string {
  const formats = TRANSCRIPTION_INPUT_FORMATS.join(', ')
  if (/matches no streams|does not contain any stream/i.test(stderr)) return `The file "${name}" has no audio track. Supported formats: ${formats}.`
  return `Could not decode the audio file "${name}" (${reason}). Supported formats: ${formats}.`
}
