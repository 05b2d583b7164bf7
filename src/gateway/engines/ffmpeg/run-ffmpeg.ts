import { spawn } from 'node:child_process'
import { ffmpegBinaryPath } from './ffmpeg-binary'

export interface RunFfmpegOptions {
  /** Bytes written to ffmpeg's stdin (for `-i pipe:0`). */
  input?: Uint8Array
  signal?: AbortSignal
  /** Use this ffmpeg instead of the npm-shipped one. */
  ffmpegPath?: string
}

/** ffmpeg exited with an error; `reason` is its last error line. */
export class FfmpegError extends Error {
  constructor(
    readonly reason: string,
    readonly stderr: string,
  ) {
    super(`ffmpeg failed: ${reason}`)
    this.name = 'FfmpegError'
  }
}

const STDERR_TAIL = 8000

/** Last meaningful line of ffmpeg's stderr (run with `-v error`, that is the error itself). */
export const ffmpegReason = (stderr: string): string =>
  stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? 'unknown error'

/** Runs ffmpeg to completion and returns what it wrote to stdout. */
export function runFfmpeg(args: string[], options: RunFfmpegOptions = {}): Promise<Buffer> {
  const { signal } = options
  if (signal?.aborted) return Promise.reject(signal.reason)
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegBinaryPath(options.ffmpegPath), ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    let stderr = ''
    let done = false
    const finish = (fn: () => void) => {
      if (done) return
      done = true
      signal?.removeEventListener('abort', onAbort)
      fn()
    }
    const onAbort = () => {
      child.kill('SIGKILL')
      finish(() => reject(signal!.reason))
    }
    signal?.addEventListener('abort', onAbort, { once: true })

    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL)
    })
    child.on('error', (err) => finish(() => reject(err)))
    child.on('close', (code, sig) => {
      if (code === 0) finish(() => resolve(Buffer.concat(out)))
      else finish(() => reject(new FfmpegError(sig ? `killed by ${sig}` : ffmpegReason(stderr), stderr)))
    })
    // ffmpeg may stop reading early (bad input): its exit status tells what happened, not EPIPE.
    child.stdin.on('error', () => {})
    child.stdin.end(options.input)
  })
}
