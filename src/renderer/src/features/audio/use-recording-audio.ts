import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { useAppStore } from '../../stores/app-store'
import { decodeToStudioPcm, peaks } from '../../lib/audio/pcm'

export interface RecordingAudio {
  blob: Blob
  /** 16 kHz samples, for the waveform and for transcription; null while decoding or when the browser cannot. */
  samples: Int16Array | null
  peaks: Float32Array | null
  decodeError: string | null
}

/** A recording's audio from the gateway, decoded once for its waveform and its transcription. */
export function useRecordingAudio(id: string | null, version: number): { audio: RecordingAudio | null; error: string | null } {
  const fetchAudio = useAppStore((s) => s.recordingAudio)
  const [audio, setAudio] = useState<RecordingAudio | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    let alive = true
    setAudio(null)
    setError(null)
    fetchAudio(id).then(
      async (blob) => {
        if (!alive) return
        setAudio({ blob, samples: null, peaks: null, decodeError: null })
        try {
          const samples = await decodeToStudioPcm(blob)
          if (alive) setAudio({ blob, samples, peaks: peaks(samples, 1200), decodeError: null })
        } catch (e) {
          if (alive) setAudio({ blob, samples: null, peaks: null, decodeError: messageOf(e) })
        }
      },
      (e: unknown) => alive && setError(messageOf(e)),
    )
    return () => {
      alive = false
    }
  }, [id, version, fetchAudio])
  return { audio, error }
}
