import { useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner, Notice } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { useRequest } from '../../lib/use-request'

/** Speech to text: an audio file and a transcription model, `POST /v1/audio/transcriptions`. */
export function TranscribeForm() {
  const allModels = useAppStore((s) => s.catalog.models)
  const models = allModels.filter((m) => m.kind === 'transcription')
  const transcribe = useAppStore((s) => s.transcribe)
  const [file, setFile] = useState<File>()
  const [model, setModel] = useState('')
  const [text, setText] = useState<string>()
  const { busy, error, missing, run } = useRequest()
  const chosen = model || models[0]?.name || ''
  return (
    <section className="settings-section">
      <h2 className="section-title">Transcribe</h2>
      {missing && <Notice>This gateway has no <code>/v1/audio/transcriptions</code> endpoint yet.</Notice>}
      <form className="stack" onSubmit={async (e) => {
        e.preventDefault()
        if (!file) return
        await run(async () => {
          const form = new FormData()
          form.append('model', chosen)
          form.append('file', file, file.name)
          setText((await transcribe(form)).text)
        })
      }}>
        <div className="form-row">
          <Field label="Transcription model" error={models.length ? undefined : 'No transcription (whisper) model is configured.'}>
            {(control) => (
              <select {...control} className="input input-sm" value={chosen} onChange={(e) => setModel(e.target.value)}>
                {models.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
              </select>
            )}
          </Field>
          <Field label="Audio file" hint="flac, mp3, mp4, m4a, ogg, wav or webm">
            {(control) => <input {...control} type="file" accept="audio/*,.mp4,.webm" onChange={(e) => setFile(e.target.files?.[0])} />}
          </Field>
        </div>
        <div className="row-end">
          <Button type="submit" variant="primary" disabled={!file || !chosen || busy}>{busy ? 'Transcribing…' : 'Transcribe'}</Button>
        </div>
      </form>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {text !== undefined && <pre className="code-block" aria-label="Transcript">{text}</pre>}
    </section>
  )
}
