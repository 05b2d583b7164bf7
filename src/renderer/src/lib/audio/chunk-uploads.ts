import type { RecordingInfo } from '../../../../shared/recording-wire'
import { concatSamples, STUDIO_SAMPLE_RATE } from './pcm'

/** A second of audio per chunk: what a crash can lose at most. */
const CHUNK_SAMPLES = STUDIO_SAMPLE_RATE
const ATTEMPTS = 10

/**
 * One recording's audio on its way to the gateway: captured samples are cut into one-second chunks,
 * sent one at a time in order, each retried (with growing waits) until the gateway has it on disk.
 */
export class ChunkUploads {
  private pending: Int16Array[] = []
  private pendingLength = 0
  private seq = 0
  private uploads: Promise<void> = Promise.resolve()

  constructor(
    private readonly deps: {
      append(seq: number, samples: Int16Array): Promise<RecordingInfo>
      onSaved(rec: RecordingInfo): void
      onRetry(error: unknown): void
      onGiveUp(error: unknown): void
    },
  ) {}

  push(samples: Int16Array): void {
    this.pending.push(samples)
    this.pendingLength += samples.length
    if (this.pendingLength >= CHUNK_SAMPLES) this.flush()
  }

  /** Sends what is left and resolves once every chunk is on the gateway (or given up). */
  finish(): Promise<void> {
    this.flush()
    return this.uploads
  }

  private flush() {
    if (!this.pendingLength) return
    const samples = concatSamples(this.pending)
    this.pending = []
    this.pendingLength = 0
    const seq = this.seq++
    this.uploads = this.uploads.then(async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return this.deps.onSaved(await this.deps.append(seq, samples))
        } catch (e) {
          if (attempt >= ATTEMPTS - 1) return this.deps.onGiveUp(e)
          this.deps.onRetry(e)
          await new Promise((r) => setTimeout(r, Math.min(5000, 500 * 2 ** attempt)))
        }
      }
    })
  }
}
