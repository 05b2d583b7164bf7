import { useRef, useState } from 'react'
import { Button } from '../../components/Button'
import { formatBytes } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

const STATE_TEXT = { checking: 'Checking…', uploading: 'Uploading', done: 'Uploaded', refused: 'Refused', failed: 'Failed', cancelled: 'Cancelled' } as const

/** Drop files (or choose them): a batch input is checked first; each is uploaded with its own progress and Cancel. */
export function UploadDrop() {
  const uploads = useAppStore((s) => s.files.uploads)
  const upload = useAppStore((s) => s.uploadFile)
  const cancel = useAppStore((s) => s.cancelUpload)
  const dismiss = useAppStore((s) => s.dismissUpload)
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const add = (files: FileList | File[]) => Array.from(files).forEach((f) => void upload(f))
  return (
    <section className="stack" aria-label="Upload">
      <div
        className={`drop-zone${over ? ' drop-zone-over' : ''}`}
        data-testid="files-drop"
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => (e.preventDefault(), setOver(false), add(e.dataTransfer.files))}
      >
        <input ref={input} type="file" multiple hidden aria-label="Files to upload" onChange={(e) => (add(e.target.files ?? []), (e.target.value = ''))} />
        <span className="small muted">Drop files here: JSONL batch input (checked first), images, PDFs, audio or any other file; or</span>
        <Button size="sm" icon="plus" onClick={() => input.current?.click()}>Choose files</Button>
      </div>
      {uploads.length > 0 && (
        <ul className="upload-list" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className="upload-item">
              <span className="upload-name">
                <strong>{u.name}</strong> <span className="small muted">{formatBytes(u.bytes)} · {STATE_TEXT[u.state]}{u.state === 'uploading' ? ` ${Math.round(u.progress * 100)}%` : ''}</span>
              </span>
              {u.state === 'uploading' ? (
                <Button size="sm" variant="ghost" aria-label={`Cancel upload of ${u.name}`} onClick={() => cancel(u.id)}>Cancel</Button>
              ) : u.state !== 'checking' ? (
                <Button size="sm" variant="ghost" icon="close" aria-label={`Dismiss ${u.name}`} onClick={() => dismiss(u.id)} />
              ) : null}
              {(u.state === 'uploading' || u.state === 'done') && <progress max={1} value={u.progress} aria-label={`Upload of ${u.name}`} />}
              {u.message && <p className={`small ${u.state === 'refused' || u.state === 'failed' ? 'field-error' : 'muted'}`} role={u.state === 'refused' || u.state === 'failed' ? 'alert' : undefined} style={{ gridColumn: '1 / -1', margin: 0 }}>{u.state === 'refused' ? `${u.name} was not uploaded: ` : ''}{u.message}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
