import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react'
import { Button } from '../../components/Button'
import { downloadFile } from '../../lib/download'
import { Waveform } from './Waveform'

export interface PlayerHandle {
  /** Jumps to a time (seconds) and plays from there. */
  seek(seconds: number): void
}

/** One player for every sound of the studio: a recording, an upload, or speech. Waveform, controls, download. */
export function AudioPlayer({ blob, filename, peaks, label, ref, onTime }: { blob: Blob; filename: string; peaks: ArrayLike<number> | null; label: string; ref?: Ref<PlayerHandle>; onTime?: (seconds: number) => void }) {
  const audio = useRef<HTMLAudioElement>(null)
  const [url, setUrl] = useState<string>()
  const [progress, setProgress] = useState(0)
  useEffect(() => {
    const u = URL.createObjectURL(blob)
    setUrl(u)
    setProgress(0)
    return () => URL.revokeObjectURL(u)
  }, [blob])
  const seek = (seconds: number) => {
    const el = audio.current
    if (!el) return
    el.currentTime = seconds
    void el.play().catch(() => undefined)
  }
  useImperativeHandle(ref, () => ({ seek }), [])
  return (
    <div className="player">
      {peaks && <Waveform peaks={peaks} progress={progress} onSeek={(f) => audio.current && Number.isFinite(audio.current.duration) && seek(f * audio.current.duration)} />}
      <div className="player-controls">
        <audio
          ref={audio}
          controls
          src={url}
          aria-label={label}
          onTimeUpdate={(e) => {
            const el = e.currentTarget
            setProgress(Number.isFinite(el.duration) && el.duration > 0 ? el.currentTime / el.duration : 0)
            onTime?.(el.currentTime)
          }}
        />
        <Button size="sm" icon="download" onClick={() => downloadFile(filename, blob)}>Download</Button>
      </div>
    </div>
  )
}
