import { useEffect, useRef, useState } from 'react'
import { messageOf } from '../../api/api-error'
import type { ModelInfo } from '../../../../shared/admin-wire'
import { localId } from '../../lib/playground-model'
import { useAppStore, useAppStoreApi } from '../../stores/app-store'

/** Models that hear audio in chat (OpenAI's gpt-4o-audio family and the like) get the voice message itself. */
export const takesAudioInput = (m: ModelInfo | undefined) => !!m && m.kind === 'chat' && /audio/i.test(m.upstream ?? m.name)

/** The microphone's code and the WAV encoder load with the first voice message, so the first page never carries them. */
const loadRecorder = async () => {
  const [mic, pcm] = await Promise.all([import('../../lib/audio/mic-capture'), import('../../lib/audio/pcm')])
  return { ...mic, ...pcm }
}
type Recorder = Awaited<ReturnType<typeof loadRecorder>>

const base64 = async (blob: Blob) => {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let bin = ''
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(bin)
}

/**
 * The composer's microphone: records a voice message; on stop it goes into the draft as text (through
 * the first speech-to-text model), or as `input_audio` when the chosen model takes audio.
 */
export function useVoiceMessage() {
  const models = useAppStore((s) => s.catalog.models)
  const chatModel = useAppStore((s) => s.playground.model)
  const transcribeAudio = useAppStore((s) => s.transcribeAudio)
  const setText = useAppStore((s) => s.setComposerText)
  const addAttachment = useAppStore((s) => s.addComposerAttachment)
  const notify = useAppStore((s) => s.notify)
  const store = useAppStoreApi()
  const [state, setState] = useState<'idle' | 'recording' | 'transcribing'>('idle')
  const [seconds, setSeconds] = useState(0)
  const mic = useRef<{ close(): void } | null>(null)
  const samples = useRef<Int16Array[]>([])
  const recorder = useRef<Recorder | null>(null)
  useEffect(() => () => mic.current?.close(), [])

  async function start() {
    samples.current = []
    setSeconds(0)
    let code: Recorder
    try {
      code = recorder.current ??= await loadRecorder()
    } catch (e) {
      notify(messageOf(e), 'error')
      return
    }
    try {
      mic.current = await code.openMicrophone((s) => {
        samples.current.push(s)
        setSeconds((n) => n + s.length / code.STUDIO_SAMPLE_RATE)
      })
      setState('recording')
    } catch (e) {
      notify(code.microphoneProblem(e), 'error')
    }
  }

  async function stop() {
    mic.current?.close()
    mic.current = null
    const { wavBlob, concatSamples, STUDIO_SAMPLE_RATE } = recorder.current!
    const wav = wavBlob(concatSamples(samples.current), STUDIO_SAMPLE_RATE)
    const target = models.find((m) => m.name === chatModel)
    if (takesAudioInput(target)) {
      addAttachment({ id: localId('att'), kind: 'audio', name: 'voice message.wav', audio: { data: await base64(wav), format: 'wav' } })
      setState('idle')
      return
    }
    const stt = models.find((m) => m.kind === 'transcription')
    if (!stt) {
      notify('No speech-to-text model is set up to turn the voice message into text: add a whisper model on the Models page.', 'error')
      setState('idle')
      return
    }
    setState('transcribing')
    try {
      const result = await transcribeAudio({ file: wav, filename: 'voice-message.wav', model: stt.name, task: 'transcribe' }, () => undefined)
      if (!result.text.trim()) notify('No speech detected in the voice message.', 'info')
      else {
        const draft = store.getState().composer.text.trimEnd()
        setText(draft ? `${draft} ${result.text.trim()}` : result.text.trim())
      }
    } catch (e) {
      notify(messageOf(e), 'error')
    } finally {
      setState('idle')
    }
  }

  return { state, seconds, start, stop }
}
