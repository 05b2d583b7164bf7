import { useEffect, useMemo, useState } from 'react'
import { useAppStore } from '../../stores/app-store'
import type { SystemAudioSupport } from '../../../../shared/mix-tracks'
import { StudioRecorder, type RecorderSnapshot } from '../../lib/audio/studio-recorder'
import { systemAudioChoice, type SystemAudioChoice } from '../../lib/audio/system-audio'

/** The studio's recorder, wired to the gateway; the page re-renders with each snapshot. */
export function useStudioRecorder() {
  const api = useAppStore((s) => s.transcribeAudio)
  const startRecording = useAppStore((s) => s.startStudioRecording)
  const appendChunk = useAppStore((s) => s.appendStudioChunk)
  const updateRecording = useAppStore((s) => s.updateRecording)
  const [snapshot, setSnapshot] = useState<RecorderSnapshot | null>(null)
  const recorder = useMemo(
    () => new StudioRecorder({ startRecording, appendRecordingChunk: appendChunk, updateRecording, onChange: setSnapshot }),
    [startRecording, appendChunk, updateRecording],
  )
  // Leaving the page mid-recording stops it: what was captured is already on the gateway's disk.
  useEffect(() => () => void recorder.stop(), [recorder])
  return { recorder, snapshot: snapshot ?? recorder.snapshot, transcribeAudio: api }
}

/** Audio inputs the browser offers; names appear once microphone access was granted. */
export function useAudioInputs(refreshKey: unknown) {
  const [inputs, setInputs] = useState<MediaDeviceInfo[]>([])
  useEffect(() => {
    let alive = true
    const load = () =>
      navigator.mediaDevices
        ?.enumerateDevices()
        .then((all) => alive && setInputs(all.filter((d) => d.kind === 'audioinput')))
        .catch(() => undefined)
    void load()
    navigator.mediaDevices?.addEventListener?.('devicechange', load)
    return () => {
      alive = false
      navigator.mediaDevices?.removeEventListener?.('devicechange', load)
    }
  }, [refreshKey])
  return inputs
}

/** Whether "Include system audio" can be offered here (null while the desktop app is asked). */
export function useSystemAudioChoice(inputs: MediaDeviceInfo[]): SystemAudioChoice | null {
  const [support, setSupport] = useState<SystemAudioSupport | null | undefined>(undefined)
  useEffect(() => {
    const desktop = window.gatehouse
    if (!desktop) return setSupport(null)
    void desktop.systemAudioSupport().then(setSupport, () => setSupport(null))
  }, [])
  return useMemo(() => (support === undefined ? null : systemAudioChoice(support, inputs)), [support, inputs])
}
