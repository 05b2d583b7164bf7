import { concatSamples, STUDIO_SAMPLE_RATE, wavBlob } from './pcm'

/** Less than this is a slip of the finger, not speech: nothing is transcribed or pasted. */
const SHORTEST_SECONDS = 0.3

export interface DictationTakeDeps {
  /** The microphone at 16 kHz (mic-capture's openMicrophone in the app). */
  openMicrophone(onSamples: (samples: Int16Array) => void): Promise<{ close(): void }>
  /** Speech to text through the gateway's transcription endpoint. */
  transcribe(wav: Blob): Promise<string>
  /** The main process pastes this into the focused app ('' pastes nothing). */
  finished(text: string): Promise<void>
  /** `during` says what failed: opening the microphone or transcribing. */
  failed(error: unknown, during: 'microphone' | 'transcription'): Promise<void>
}

/**
 * The page's half of dictation: `start` opens the microphone, `stop` closes it and hands the transcript
 * of what was said to the main process. A stop that arrives while the microphone is still opening
 * waits for it; a second start while recording is ignored.
 */
export function createDictationTake(deps: DictationTakeDeps) {
  let opening: Promise<void> | null = null
  let mic: { close(): void } | null = null
  let parts: Int16Array[] = []

  const start = async () => {
    if (opening || mic) return
    parts = []
    opening = deps.openMicrophone((samples) => parts.push(samples)).then(
      (opened) => void (mic = opened),
      (e: unknown) => deps.failed(e, 'microphone'),
    )
    await opening
    opening = null
  }

  const stop = async () => {
    if (opening) await opening
    if (!mic) return
    mic.close()
    mic = null
    const samples = concatSamples(parts)
    parts = []
    try {
      const text = samples.length < SHORTEST_SECONDS * STUDIO_SAMPLE_RATE ? '' : await deps.transcribe(wavBlob(samples, STUDIO_SAMPLE_RATE))
      await deps.finished(text)
    } catch (e) {
      await deps.failed(e, 'transcription')
    }
  }

  return {
    handle: (command: 'start' | 'stop'): Promise<void> => (command === 'start' ? start() : stop()),
    get recording() {
      return mic !== null
    },
  }
}
