import { useRef, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { useAppStore } from '../../stores/app-store'
import { decodeToStudioPcm, STUDIO_SAMPLE_RATE } from '../../lib/audio/pcm'

/** The length of an audio file, when the browser can decode it (the history shows it). */
const secondsOf = (file: Blob) => decodeToStudioPcm(file).then((pcm) => pcm.length / STUDIO_SAMPLE_RATE, () => undefined)

/** Drop an audio file (or choose one): it is kept as a recording, to play and transcribe like one made here. */
export function DropAudio({ onAdded }: { onAdded: (rec: RecordingInfo) => void }) {
  const upload = useAppStore((s) => s.uploadStudioRecording)
  const notify = useAppStore((s) => s.notify)
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [busy, setBusy] = useState(false)
  const add = async (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      if (!/^audio\/|^video\/(mp4|webm)/.test(file.type) && !/\.(wav|mp3|m4a|mp4|ogg|oga|opus|webm|flac|mpga|mpeg)$/i.test(file.name)) {
        notify(`${file.name} is not an audio file (wav, mp3, m4a, ogg, webm, flac).`, 'error')
        continue
      }
      setBusy(true)
      try {
        onAdded(await upload(file, { filename: file.name, title: file.name.replace(/\.[^.]+$/, ''), source: 'upload', duration: await secondsOf(file) }))
      } catch (e) {
        notify(messageOf(e), 'error')
      } finally {
        setBusy(false)
      }
    }
  }
  return (
    <div
      className={`drop-zone${over ? ' drop-zone-over' : ''}`}
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => (e.preventDefault(), setOver(false), void add(e.dataTransfer.files))}
    >
      <input ref={input} type="file" accept="audio/*,.mp4,.webm" hidden aria-label="Audio file to transcribe" onChange={(e) => (void add(e.target.files ?? []), (e.target.value = ''))} />
      <span className="small muted">Drop an audio file here to play and transcribe it, or</span>
      <Button size="sm" disabled={busy} onClick={() => input.current?.click()}>{busy ? 'Uploading…' : 'Choose a file'}</Button>
    </div>
  )
}
