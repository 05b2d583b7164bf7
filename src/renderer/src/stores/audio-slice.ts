import type { SliceCreator } from './store-types'

export interface AudioSlice {
  speak(body: { model: string; input: string; voice: string; response_format?: string; speed?: number }): Promise<Blob>
  transcribe(form: FormData): Promise<{ text: string }>
}

/** `/v1/audio`, called with the playground's key. The page keeps its own form state. */
export const createAudioSlice: SliceCreator<AudioSlice> = ({ api }) => (_set, get) => ({
  async speak(body) {
    return api.speech(await get().ensureApiKey(), body)
  },
  async transcribe(form) {
    return api.transcribe(await get().ensureApiKey(), form)
  },
})
