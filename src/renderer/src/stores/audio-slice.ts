import type { TranscriptionInput, TranscriptResult } from '../api/transcription-api'
import type { SliceCreator } from './store-types'

export interface AudioSlice {
  speak(body: { model: string; input: string; voice: string; response_format?: string; speed?: number }): Promise<Blob>
  /** Streams a transcription (text as it is recognised) or runs a translation; verbose, with segments. */
  transcribeAudio(input: TranscriptionInput, onDelta: (text: string) => void, signal?: AbortSignal): Promise<TranscriptResult>
}

/** `/v1/audio`, called with the playground's key. The pages keep their own form state. */
export const createAudioSlice: SliceCreator<AudioSlice> = ({ api }) => (_set, get) => ({
  async speak(body) {
    return api.speech(await get().ensureApiKey(), body)
  },
  async transcribeAudio(input, onDelta, signal) {
    return api.transcribeAudio(await get().ensureApiKey(), input, onDelta, signal)
  },
})
