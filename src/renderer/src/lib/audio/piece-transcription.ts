import type { TranscriptSegmentInfo } from '../../../../shared/recording-wire'
import type { TranscriptResult } from '../../api/transcription-api'
import { wavBlob } from './pcm'
import { type AudioPiece, SpeechChunker } from './speech-chunker'

/** Transcribes one piece of audio (a WAV file); `onDelta` gets text as it is recognised. */
export type TranscribePiece = (wav: Blob, prompt: string | undefined, onDelta: (text: string) => void, signal: AbortSignal) => Promise<TranscriptResult>

export interface TranscriptSoFar {
  text: string
  segments: TranscriptSegmentInfo[]
  language: string | null
  /** Seconds of audio done, of `total` (when known). */
  doneSeconds: number
  /** Text of the piece being transcribed, not yet final. */
  pending: string
  /** Pieces waiting or running. */
  queued: number
}

/** What whisper is told came before a piece: the end of the text so far (it keeps names and style consistent). */
const contextPrompt = (userPrompt: string | undefined, text: string) => [userPrompt, text.slice(-300)].filter(Boolean).join(' ').slice(-400) || undefined

/**
 * Transcribes pieces of one recording in order, one request at a time, and joins their results on the
 * recording's timeline. Pieces come from a SpeechChunker: all at once for a finished file, or as they are
 * cut while the person still speaks (the live transcript).
 */
export class PieceTranscription {
  private readonly controller = new AbortController()
  private chain: Promise<void> = Promise.resolve()
  private state: TranscriptSoFar = { text: '', segments: [], language: null, doneSeconds: 0, pending: '', queued: 0 }
  private failure: unknown = null

  constructor(
    private readonly opts: { sampleRate: number; transcribe: TranscribePiece; prompt?: string; onUpdate: (t: TranscriptSoFar) => void; signal?: AbortSignal },
  ) {
    opts.signal?.addEventListener('abort', () => this.controller.abort(), { once: true })
  }

  add(piece: AudioPiece): void {
    this.update({ queued: this.state.queued + 1 })
    this.chain = this.chain.then(() => this.run(piece))
  }

  /** Resolves when every piece added is done; rejects with the first failure. */
  async finished(): Promise<TranscriptSoFar> {
    await this.chain
    if (this.failure) throw this.failure
    if (this.controller.signal.aborted) throw new DOMException('The transcription was cancelled.', 'AbortError')
    return this.state
  }

  cancel(): void {
    this.controller.abort()
  }

  private update(patch: Partial<TranscriptSoFar>) {
    this.state = { ...this.state, ...patch }
    this.opts.onUpdate(this.state)
  }

  private async run(piece: AudioPiece): Promise<void> {
    const { sampleRate } = this.opts
    const start = piece.start / sampleRate
    const end = start + piece.samples.length / sampleRate
    if (this.failure || this.controller.signal.aborted) return void this.update({ queued: this.state.queued - 1 })
    if (!piece.voiced) return void this.update({ doneSeconds: end, queued: this.state.queued - 1 })
    try {
      let pending = ''
      const result = await this.opts.transcribe(wavBlob(piece.samples, sampleRate), contextPrompt(this.opts.prompt, this.state.text), (d) => this.update({ pending: (pending += d) }), this.controller.signal)
      const text = result.text.trim()
      const own = result.segments.length ? result.segments : text ? [{ id: 0, start: 0, end: end - start, text: ` ${text}` }] : []
      const segments = [...this.state.segments, ...own.map((s, i) => ({ id: this.state.segments.length + i, start: round(start + s.start), end: round(Math.min(end, start + s.end)), text: s.text }))]
      this.update({ text: [this.state.text, text].filter(Boolean).join(' '), segments, language: result.language ?? this.state.language, doneSeconds: end, pending: '', queued: this.state.queued - 1 })
    } catch (e) {
      this.failure = e
      this.update({ pending: '', queued: this.state.queued - 1 })
    }
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000

/**
 * A whole recording: cut at pauses into pieces of 20 to 28 seconds (whisper reads 30-second windows, and
 * more context reads better), then transcribed piece by piece; a short recording is one request.
 */
export function transcribeSamples(samples: Int16Array, opts: ConstructorParameters<typeof PieceTranscription>[0]): PieceTranscription {
  const job = new PieceTranscription(opts)
  const chunker = new SpeechChunker({ sampleRate: opts.sampleRate, minSeconds: 20, maxSeconds: 28 })
  for (const piece of chunker.push(samples)) job.add(piece)
  const rest = chunker.flush()
  if (rest) job.add(rest)
  return job
}
