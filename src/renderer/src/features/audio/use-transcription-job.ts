import { useEffect, useRef, useState } from 'react'
import { isAbort, messageOf } from '../../api/api-error'
import type { TranscriptionInput } from '../../api/transcription-api'
import { useAppStore } from '../../stores/app-store'
import { STUDIO_SAMPLE_RATE } from '../../lib/audio/pcm'
import { type PieceTranscription, transcribeSamples, type TranscriptSoFar } from '../../lib/audio/piece-transcription'

export interface JobState {
  running: boolean
  progress: TranscriptSoFar | null
  totalSeconds: number
  elapsedMs: number
  error: string | null
  cancelled: boolean
}

export type JobOptions = Pick<TranscriptionInput, 'model' | 'task' | 'language' | 'prompt'>

/** One transcription of a whole recording at a time: progress, elapsed time, Cancel. */
export function useTranscriptionJob() {
  const transcribeAudio = useAppStore((s) => s.transcribeAudio)
  const [state, setState] = useState<JobState>({ running: false, progress: null, totalSeconds: 0, elapsedMs: 0, error: null, cancelled: false })
  const job = useRef<PieceTranscription | null>(null)
  const started = useRef(0)
  useEffect(() => {
    if (!state.running) return
    const timer = setInterval(() => setState((s) => ({ ...s, elapsedMs: Date.now() - started.current })), 250)
    return () => clearInterval(timer)
  }, [state.running])
  useEffect(() => () => job.current?.cancel(), [])

  async function run(samples: Int16Array, opts: JobOptions): Promise<TranscriptSoFar | null> {
    started.current = Date.now()
    setState({ running: true, progress: null, totalSeconds: samples.length / STUDIO_SAMPLE_RATE, elapsedMs: 0, error: null, cancelled: false })
    const current = transcribeSamples(samples, {
      sampleRate: STUDIO_SAMPLE_RATE,
      prompt: opts.prompt,
      transcribe: (file, prompt, onDelta, signal) => transcribeAudio({ file, filename: 'audio.wav', model: opts.model, task: opts.task, language: opts.language, prompt }, onDelta, signal),
      onUpdate: (progress) => setState((s) => ({ ...s, progress })),
    })
    job.current = current
    try {
      const result = await current.finished()
      setState((s) => ({ ...s, running: false, elapsedMs: Date.now() - started.current }))
      return result
    } catch (e) {
      setState((s) => ({ ...s, running: false, cancelled: isAbort(e), error: isAbort(e) ? null : messageOf(e) }))
      return null
    } finally {
      job.current = null
    }
  }

  return { state, run, cancel: () => job.current?.cancel() }
}
