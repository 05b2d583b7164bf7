import { useAppStore } from '../../stores/app-store'

export { LANGUAGES } from '../../lib/audio/languages'

/** The catalog's speech-to-text models, by name. */
export function useTranscriptionModels(): string[] {
  const models = useAppStore((s) => s.catalog.models)
  return models.filter((m) => m.kind === 'transcription').map((m) => m.name)
}
