import { useEffect, useRef } from 'react'
import type { createDictationTake } from '../../lib/audio/dictation-take'
import { useAppStore } from '../../stores/app-store'

type DictationTake = ReturnType<typeof createDictationTake>

/**
 * Desktop only: the page records for the dictation shortcut (the main process owns the shortcut and the
 * paste, the page owns the microphone) and transcribes with the model chosen in Settings, or the first
 * speech-to-text model when none is.
 */
export function useDictation(active: boolean): void {
  const transcribeAudio = useAppStore((s) => s.transcribeAudio)
  const models = useRef<string[]>([])
  models.current = useAppStore((s) => s.catalog.models).filter((m) => m.kind === 'transcription').map((m) => m.name)
  useEffect(() => {
    const desktop = window.gatehouse
    if (!desktop || !active) return
    // The recorder's code loads with the first press of the shortcut, so the first page never carries it.
    let loaded: Promise<DictationTake> | undefined
    const load = async (): Promise<DictationTake> => {
      const [{ createDictationTake }, { openMicrophone, microphoneProblem }] = await Promise.all([import('../../lib/audio/dictation-take'), import('../../lib/audio/mic-capture')])
      return createDictationTake({
        openMicrophone: (onSamples) => openMicrophone(onSamples),
        transcribe: async (wav) => {
          const settings = await desktop.dictationSettings()
          const model = settings.model || models.current[0]
          if (!model) throw new Error('No speech-to-text model is set up for dictation: add one under Local models, or choose one in Settings.')
          const result = await transcribeAudio({ file: wav, filename: 'dictation.wav', model, task: 'transcribe', language: settings.language || undefined }, () => undefined)
          return result.text
        },
        finished: (text) => desktop.dictationFinished(text),
        failed: async (e, during) => {
          const message = during === 'microphone' ? microphoneProblem(e) : `Dictation could not be transcribed: ${(e as Error)?.message ?? String(e)}`
          console.warn(`Dictation: ${message}`)
          await desktop.dictationFailed(message)
        },
      })
    }
    return desktop.onDictationCommand((command) => void (loaded ??= load()).then((take) => take.handle(command)))
  }, [active, transcribeAudio])
}
