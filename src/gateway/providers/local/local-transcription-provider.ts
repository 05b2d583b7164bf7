import type { GpuSetting } from '../../../shared/local-model-settings'
import { stat } from 'node:fs/promises'
import { basename, isAbsolute } from 'node:path'
import { badRequest, notFound } from '../../../shared/errors'
import { DEFAULT_AUDIO_MAX_DURATION_SECONDS } from '../../config/gateway-config'
import { PCM_SAMPLE_RATE, decodeAudioToPcm16k } from '../../engines/ffmpeg/decode-audio'
import { type EngineHost } from '../../engines/host/engine-host'
import { type InstalledModel, type ModelManager } from '../../engines/model-manager/model-manager'
import { DEFAULT_VAD_MODEL } from '../../engines/model-manager/whisper-model-catalog'
import { type CompactedSpeech, compactSpeech, originalTime } from '../../engines/whisper/speech-compaction'
import { WhisperEngine, defaultWhisperThreads } from '../../engines/whisper/whisper-engine'
import { whisperLanguageCode } from '../../engines/whisper/whisper-languages'
import { type TranscriptDelta, type TranscriptSegment, type TranscriptionProvider, type TranscriptionRequest, type TranscriptionResult } from '../contracts/audio'
import { abortSignalOf, type RequestSignal } from '../../kernel/client-signal'
import type { CallContext } from '../contracts/provider-config'
import { type TimedText, tokensToWords, transcriptWords, wordsToSegments } from './whisper-token-words'

export interface LocalTranscriptionProviderOptions {
  /** An engine host with the whisper engine (createAudioEngineHost). */
  host: EngineHost
  /** Resolves `model` to an installed whisper model, and the VAD model by name. */
  models: ModelManager
  /**
   * The Silero VAD model: a model-manager name (default 'silero-v6.2.0', used when installed),
   * an explicit file, or null for no VAD.
   */
  vadModel?: string | { path: string } | null
  /** Audio at least this long goes through VAD, which drops the silences. Default 30 s. */
  vadMinSeconds?: number
  /** whisper.cpp threads per request. Default: the cores, at most 8. */
  threads?: number
  /** `engines.gpu`: whisper.cpp uses the GPU where its installed binding has a GPU build (macOS arm64). Default off. */
  gpu?: GpuSetting
  /** Longest audio accepted (audio.max_duration); longer audio is refused with 413. Default 1 h. */
  maxAudioSeconds?: number
  ffmpegPath?: string
}

/** whisper's temperature fallback: at 0 it retries a failed decode at 0.2, 0.4, ... 1.0. */
const FALLBACK_TEMPERATURE_STEP = 0.2

/**
 * Offline speech to text: ffmpeg decodes the upload to 16 kHz PCM, Silero VAD keeps the speech of
 * long audio, whisper.cpp transcribes or translates in a worker process, and the times are mapped
 * back to the original audio.
 */
export class LocalTranscriptionProvider implements TranscriptionProvider {
  private readonly whisper: WhisperEngine

  constructor(private readonly options: LocalTranscriptionProviderOptions) {
    this.whisper = new WhisperEngine(options.host)
  }

  /** The model is `ctx.model`'s file when the config names one, else a model-manager name. */
  async transcribe(request: TranscriptionRequest, ctx: Pick<CallContext, 'model'> & { signal?: RequestSignal }, onDelta?: (delta: TranscriptDelta) => void): Promise<TranscriptionResult> {
    const started = Date.now()
    const { task } = request
    const signal = ctx.signal && abortSignalOf(ctx.signal)
    const temperature = request.temperature ?? 0
    if (task !== 'transcribe' && task !== 'translate') throw badRequest(`Unknown task "${String(task)}".`, 'task')
    if (!(temperature >= 0 && temperature <= 1)) throw badRequest(`\`temperature\` must be between 0 and 1; got ${temperature}.`, 'temperature')
    const granularities = request.timestampGranularities ?? []
    for (const g of granularities) if (g !== 'word' && g !== 'segment') throw badRequest(`Unknown timestamp granularity "${String(g)}"; use word or segment.`, 'timestamp_granularities[]')
    let language: string | undefined
    if (request.language) {
      language = whisperLanguageCode(request.language) ?? undefined
      if (!language) throw badRequest(`Unsupported language "${request.language}": give an ISO-639-1 code such as en, de or ja.`, 'language')
    }

    const model = await this.resolveModel(ctx.model.file ?? ctx.model.name)
    if (model.multilingual === false && language && language !== 'en') {
      throw badRequest(`The model "${model.name}" understands English only; use a multilingual model for "${language}".`, 'language')
    }
    const vadModelPath = await this.vadModelPath()
    const threads = this.options.threads ?? defaultWhisperThreads()

    const audio = await decodeAudioToPcm16k(request.file, {
      filename: request.filename,
      signal,
      ffmpegPath: this.options.ffmpegPath,
      maxSeconds: this.options.maxAudioSeconds ?? DEFAULT_AUDIO_MAX_DURATION_SECONDS,
    })
    const decoded = Date.now()
    const timings: Record<string, number> = { decodeMs: decoded - started }
    const empty = (): TranscriptionResult => ({
      task,
      language: task === 'translate' ? 'en' : (language ?? 'en'),
      duration: audio.seconds,
      text: '',
      segments: [],
      words: granularities.includes('word') ? [] : undefined,
      temperature,
      timings: { ...timings, totalMs: Date.now() - started },
    })

    let compacted: CompactedSpeech | null = null
    if (vadModelPath && audio.seconds >= (this.options.vadMinSeconds ?? 30)) {
      const spans = await this.whisper.detectSpeech({ vadModelPath, pcm: audio.pcm, threads }, signal)
      timings.vadMs = Date.now() - decoded
      if (spans.length === 0) return empty()
      compacted = compactSpeech(audio.pcm, spans, { sampleRate: PCM_SAMPLE_RATE })
    }

    const wantWords = granularities.includes('word')
    const toOriginal = (ms: number, edge: 'start' | 'end') => round3(compacted ? originalTime(compacted, ms / 1000, edge) : ms / 1000)
    const streamed = onDelta && new DeltaStream(onDelta, toOriginal)
    const response = await this.whisper.transcribe(
      {
        modelPath: model.path,
        pcm: compacted?.pcm ?? audio.pcm,
        language,
        translate: task === 'translate',
        prompt: request.prompt || undefined,
        temperature,
        temperatureInc: temperature === 0 ? FALLBACK_TEMPERATURE_STEP : 0,
        threads,
        tokenSegments: wantWords,
        ...(this.options.gpu ? { gpu: this.options.gpu } : {}),
      },
      signal,
      streamed && ((event) => streamed.push(event.segments)),
    )
    timings.inferenceMs = response.inferenceMs
    const pieces: TimedText[] = response.segments.map((s) => ({ start: toOriginal(s.startMs, 'start'), end: toOriginal(s.endMs, 'end'), text: s.text }))
    let segments: TranscriptSegment[]
    let words: TranscriptionResult['words']
    if (wantWords) {
      const spelled = tokensToWords(pieces)
      words = transcriptWords(spelled)
      segments = wordsToSegments(spelled).map((s, id) => ({ id, start: s.start, end: s.end, text: s.text, words: transcriptWords(s.words), temperature }))
    } else {
      segments = pieces.filter((p) => p.text.trim()).map((p, id) => ({ id, start: p.start, end: p.end, text: p.text, temperature }))
    }

    return {
      task,
      language: task === 'translate' ? 'en' : (response.language ?? language ?? 'en'),
      duration: audio.seconds,
      text: segments.map((s) => s.text).join('').trim(),
      segments,
      words,
      temperature,
      timings: { ...timings, totalMs: Date.now() - started },
    }
  }

  /** 'base', 'whisper-base', 'ggml-base.bin' and an imported name all find the installed model. */
  private async resolveModel(requested: string): Promise<InstalledModel> {
    const name = requested.trim()
    if (isAbsolute(name)) return this.modelFile(name)
    const candidates = [name, name.replace(/^whisper-/, ''), name.replace(/^ggml-/, '').replace(/\.bin$/, '')]
    for (const candidate of candidates) {
      const model = await this.options.models.installed(candidate)
      if (model?.kind === 'whisper') return model
    }
    return this.options.models.resolve(candidates[1]!, 'whisper')
  }

  /** A model given by its path (config `file`): used where it lies, English-only when named `*.en.bin`. */
  private async modelFile(path: string): Promise<InstalledModel> {
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) throw notFound(`The whisper model file ${path} does not exist. Fix the model's file in the config, or install a model on the Models page.`, 'model_not_installed', 'model')
    const fileName = basename(path)
    return { name: fileName, kind: 'whisper', path, fileName, sizeBytes: info.size, sha256: null, source: 'found', multilingual: !/\.en(\.bin)?$/.test(fileName) }
  }

  private async vadModelPath(): Promise<string | null> {
    const vad = this.options.vadModel === undefined ? DEFAULT_VAD_MODEL : this.options.vadModel
    if (vad === null) return null
    if (typeof vad === 'object') return vad.path
    const installed = await this.options.models.installed(vad)
    return installed?.kind === 'vad' ? installed.path : null
  }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

/**
 * whisper.cpp's new segments as deltas on the original timeline. Leading whitespace is dropped until
 * the first words, so the deltas joined and trimmed are the result's text.
 */
class DeltaStream {
  private id = 0
  private started = false
  constructor(
    private readonly onDelta: (delta: TranscriptDelta) => void,
    private readonly toOriginal: (ms: number, edge: 'start' | 'end') => number,
  ) {}

  push(segments: Array<{ startMs: number; endMs: number; text: string }>): void {
    for (const s of segments) {
      if (!s.text.trim()) continue
      const text = this.started ? s.text : s.text.trimStart()
      this.started = true
      this.onDelta({ text, segment: { id: this.id++, start: this.toOriginal(s.startMs, 'start'), end: this.toOriginal(s.endMs, 'end'), text: s.text } })
    }
  }
}
