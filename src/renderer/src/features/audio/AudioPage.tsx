import { useEffect, useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { ErrorBanner, Notice } from '../../components/States'
import { VOICES } from '../../lib/chat-params'
import { useAppStore } from '../../stores/app-store'
import { TranscribeForm } from './TranscribeForm'
import { useRequest } from '../../lib/use-request'

/** Text to speech with the gateway's speech models; transcription below. Recording in the app is still to come. */
export default function AudioPage() {
  const models = useAppStore((s) => s.catalog.models)
  const speechModels = models.filter((m) => m.kind === 'speech')
  const [model, setModel] = useState('')
  const [voice, setVoice] = useState<string>('alloy')
  const [text, setText] = useState('')
  const [audioUrl, setAudioUrl] = useState<string>()
  const { busy, error, missing, run } = useRequest()
  const speak = useAppStore((s) => s.speak)
  useEffect(() => () => void (audioUrl && URL.revokeObjectURL(audioUrl)), [audioUrl])
  const chosen = model || speechModels[0]?.name || ''

  return (
    <div className="page-inner page-narrow">
      <PageHeader title="Audio" description="Speech from text and text from speech, through /v1/audio. Recording from the microphone is not built yet." />
      <section className="settings-section">
        <h2 className="section-title">Text to speech</h2>
        {missing && <Notice>This gateway has no <code>/v1/audio/speech</code> endpoint yet.</Notice>}
        <form className="stack" onSubmit={async (e) => {
          e.preventDefault()
          await run(async () => {
            const blob = await speak({ model: chosen, input: text, voice, response_format: 'wav' })
            setAudioUrl(URL.createObjectURL(blob))
          })
        }}>
          <div className="form-row">
            <Field label="Speech model" error={speechModels.length ? undefined : 'No speech model is configured.'}>
              {(control) => (
                <select {...control} className="input input-sm" value={chosen} onChange={(e) => setModel(e.target.value)}>
                  {speechModels.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
                </select>
              )}
            </Field>
            <Field label="Voice">
              {(control) => (
                <select {...control} className="input input-sm" value={voice} onChange={(e) => setVoice(e.target.value)}>
                  {VOICES.map((v) => <option key={v}>{v}</option>)}
                </select>
              )}
            </Field>
          </div>
          <Field label="Text" hint={`${text.length} / 4096 characters`} error={text.length > 4096 ? 'At most 4096 characters.' : undefined}>
            {(control) => <textarea {...control} className="input" rows={4} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <div className="row-end">
            <Button type="submit" variant="primary" disabled={!chosen || !text.trim() || text.length > 4096 || busy}>{busy ? 'Speaking…' : 'Speak'}</Button>
          </div>
        </form>
        {error && <ErrorBanner>{error}</ErrorBanner>}
        {audioUrl && <audio controls src={audioUrl} aria-label="Generated speech" />}
      </section>
      <TranscribeForm />
    </div>
  )
}
