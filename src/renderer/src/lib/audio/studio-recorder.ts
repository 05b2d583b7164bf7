import type { RecordingInfo } from '../../../../shared/recording-wire'
import { ChunkUploads } from './chunk-uploads'
import { microphoneProblem, openMicrophone, type OpenCapture } from './mic-capture'
import { STUDIO_SAMPLE_RATE } from './pcm'
import { PieceTranscription, type TranscribePiece, type TranscriptSoFar } from './piece-transcription'
import { rmsLevel, SpeechChunker } from './speech-chunker'
import { TrackPair } from './track-pair'

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping'

export interface RecorderSnapshot {
  status: RecorderStatus
  error: string | null
  /** Input level of the last tenth of a second, 0..1 on a 60 dB scale. */
  level: number
  /** Loudest sample of each tenth of a second so far (the last minute of them). */
  waveform: number[]
  seconds: number
  /** Seconds the gateway has acknowledged (on its disk). */
  savedSeconds: number
  recording: RecordingInfo | null
  /** The system audio alone, kept as its own recording beside the mix (null without system audio). */
  systemRecording: RecordingInfo | null
  live: TranscriptSoFar | null
}

/** Where the system audio comes from: Electron's loopback or a monitor source (see system-audio.ts). */
export interface SystemAudioSource {
  open(onSamples: (samples: Int16Array) => void): Promise<OpenCapture>
}

export interface RecorderDeps {
  startRecording(body: { title?: string; sample_rate: number }): Promise<RecordingInfo>
  appendRecordingChunk(id: string, seq: number, samples: Int16Array): Promise<RecordingInfo>
  updateRecording(id: string, patch: { state?: 'complete'; transcript?: RecordingInfo['transcript'] }): Promise<RecordingInfo>
  onChange(snapshot: RecorderSnapshot): void
  /** The microphone; mic-capture's by default (tests hand in their own). */
  openMicrophone?: typeof openMicrophone
}

const WAVEFORM_COLUMNS = 600


const levelOf = (rms: number) => (rms <= 0 ? 0 : Math.max(0, Math.min(1, (20 * Math.log10(rms) + 60) / 60)))

/**
 * Records from a microphone at 16 kHz: each second goes to the gateway as a chunk (acknowledged once
 * it is on disk, retried until it is), levels and a waveform for the page, and, when asked, a live
 * transcript of the pieces cut at the speaker's pauses. With system audio, the recording holds the mix
 * of both (what is transcribed and searched) and a second recording the system audio alone.
 */
/** The system audio while it is recorded beside the microphone. */
interface SystemTrack {
  capture: OpenCapture | null
  pair: TrackPair
  uploads: ChunkUploads | null
}

export class StudioRecorder {
  private snap: RecorderSnapshot = { status: 'idle', error: null, level: 0, waveform: [], seconds: 0, savedSeconds: 0, recording: null, systemRecording: null, live: null }
  private mic: OpenCapture | null = null
  private system: SystemTrack | null = null
  private uploads: ChunkUploads | null = null
  private live: { chunker: SpeechChunker; job: PieceTranscription } | null = null

  constructor(private readonly deps: RecorderDeps) {}

  get snapshot(): RecorderSnapshot {
    return this.snap
  }

  private update(patch: Partial<RecorderSnapshot>) {
    this.snap = { ...this.snap, ...patch }
    this.deps.onChange(this.snap)
  }

  async start(opts: { deviceId?: string; title?: string; live?: { transcribe: TranscribePiece; prompt?: string } | null; systemAudio?: SystemAudioSource | null }): Promise<void> {
    if (this.snap.status !== 'idle') return
    this.update({ status: 'starting', error: null, level: 0, waveform: [], seconds: 0, savedSeconds: 0, recording: null, systemRecording: null, live: null })
    let system: SystemTrack | null = null
    if (opts.systemAudio) {
      const track: SystemTrack = { capture: null, uploads: null, pair: new TrackPair((mix, alone) => (this.record(mix), track.uploads?.push(alone))) }
      system = this.system = track
    }
    try {
      this.mic = await (this.deps.openMicrophone ?? openMicrophone)((samples) => (system ? this.snap.status === 'recording' && system.pair.push('mic', samples) : this.take(samples)), opts.deviceId)
      void this.mic.context.suspend()
    } catch (e) {
      this.system = null
      this.update({ status: 'idle', error: microphoneProblem(e) })
      return
    }
    if (system && opts.systemAudio) {
      try {
        system.capture = await opts.systemAudio.open((samples) => this.snap.status === 'recording' && system.pair.push('system', samples))
        void system.capture.context.suspend()
      } catch (e) {
        this.release()
        this.update({ status: 'idle', error: `The system audio could not be recorded: ${(e as Error)?.message ?? String(e)}. Turn off "Include system audio" to record the microphone alone.` })
        return
      }
    }
    try {
      const recording = await this.deps.startRecording({ title: opts.title, sample_rate: STUDIO_SAMPLE_RATE })
      this.uploads = this.chunkUploads(recording.id, (rec) => this.update({ savedSeconds: rec.duration ?? this.snap.savedSeconds }))
      if (system) {
        const alone = await this.deps.startRecording({ title: `${opts.title ?? 'Recording'} (system audio)`, sample_rate: STUDIO_SAMPLE_RATE })
        system.uploads = this.chunkUploads(alone.id, () => undefined)
        this.update({ systemRecording: alone })
      }
      if (opts.live) {
        const job = new PieceTranscription({ sampleRate: STUDIO_SAMPLE_RATE, transcribe: opts.live.transcribe, prompt: opts.live.prompt, onUpdate: (live) => this.update({ live }) })
        this.live = { chunker: new SpeechChunker({ sampleRate: STUDIO_SAMPLE_RATE }), job }
      }
      this.update({ status: 'recording', recording, live: opts.live ? { text: '', segments: [], language: null, doneSeconds: 0, pending: '', queued: 0 } : null })
      await Promise.all([this.mic?.context.resume(), this.system?.capture?.context.resume()])
    } catch (e) {
      this.release()
      this.update({ status: 'idle', error: `Recording could not start: ${(e as Error).message}` })
    }
  }

  pause(): void {
    if (this.snap.status !== 'recording') return
    void this.mic?.context.suspend()
    void this.system?.capture?.context.suspend()
    this.update({ status: 'paused', level: 0 })
  }

  resume(): void {
    if (this.snap.status !== 'paused') return
    void this.mic?.context.resume()
    void this.system?.capture?.context.resume()
    this.update({ status: 'recording' })
  }

  /**
   * Stops, sends what is left and marks the recording finished. The live transcript's last piece is
   * transcribed after that, in the background; its result is kept with the recording (`onTranscript`).
   */
  async stop(onTranscript?: (rec: RecordingInfo) => void): Promise<RecordingInfo | null> {
    const { recording } = this.snap
    if (!recording || (this.snap.status !== 'recording' && this.snap.status !== 'paused')) return null
    this.update({ status: 'stopping', level: 0 })
    const system = this.system
    this.release()
    system?.pair.flush()
    await Promise.all([this.uploads?.finish(), system?.uploads?.finish()])
    const { systemRecording } = this.snap
    if (systemRecording) this.update({ systemRecording: await this.deps.updateRecording(systemRecording.id, { state: 'complete' }) })
    const done = await this.deps.updateRecording(recording.id, { state: 'complete' })
    const live = this.live
    this.live = null
    this.update({ status: 'idle', recording: done })
    if (live) {
      const rest = live.chunker.flush()
      if (rest) live.job.add(rest)
      void live.job.finished().then(
        async (t) => {
          if (t.text) onTranscript?.(await this.deps.updateRecording(recording.id, { transcript: { text: t.text, segments: t.segments, language: t.language } }))
        },
        () => undefined,
      )
    }
    return done
  }

  private release() {
    this.mic?.close()
    this.mic = null
    this.system?.capture?.close()
    this.system = null
  }

  private chunkUploads(id: string, onSaved: (rec: RecordingInfo) => void): ChunkUploads {
    return new ChunkUploads({
      append: (seq, samples) => this.deps.appendRecordingChunk(id, seq, samples),
      onSaved: (rec) => (onSaved(rec), this.update({ error: null })),
      onRetry: (e) => this.update({ error: `Saving the recording is behind (${(e as Error).message}); retrying…` }),
      onGiveUp: (e) => this.update({ error: `Saving the recording stopped at ${this.snap.savedSeconds.toFixed(0)} s: ${(e as Error).message}` }),
    })
  }

  private take(samples: Int16Array) {
    if (this.snap.status === 'recording') this.record(samples)
  }

  /** Captured audio (the microphone, or its mix with the system audio) into the upload, the live transcript and the meters. */
  private record(samples: Int16Array) {
    this.uploads?.push(samples)
    if (this.live) for (const piece of this.live.chunker.push(samples)) this.live.job.add(piece)
    let peak = 0
    for (const s of samples) peak = Math.max(peak, Math.abs(s))
    const waveform = [...this.snap.waveform, peak / 32768].slice(-WAVEFORM_COLUMNS)
    this.update({ level: levelOf(rmsLevel(samples)), waveform, seconds: this.snap.seconds + samples.length / STUDIO_SAMPLE_RATE })
  }
}
