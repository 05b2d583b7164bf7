import { useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner, Notice, Spinner } from '../../components/States'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { VOICES } from '../../lib/chat-params'
import { useRequest } from '../../lib/use-request'
import { useAppStore } from '../../stores/app-store'
import { AudioPlayer } from './AudioPlayer'
import { decodeToStudioPcm, STUDIO_SAMPLE_RATE } from '../../lib/audio/pcm'
import { RecordingHistory } from './RecordingHistory'
import { useRecordingAudio } from './use-recording-audio'

const FORMATS = ['mp3', 'wav', 'opus', 'flac', 'aac'] as const
const MIME: Record<(typeof FORMATS)[number], string> = { mp3: 'audio/mpeg', wav: 'audio/wav', opus: 'audio/ogg', flac: 'audio/flac', aac: 'audio/aac' }

/** Text to speech: model, voice, speed and format; the result in the studio's player, kept in a history. */
export function SpeechPanel() {
  const models = useAppStore((s) => s.catalog.models).filter((m) => m.kind === 'speech')
  const speak = useAppStore((s) => s.speak)
  const keep = useAppStore((s) => s.uploadStudioRecording)
  const select = useAppStore((s) => s.selectRecording)
  const selectedId = useAppStore((s) => s.recordings.selectedId)
  const selected = useAppStore((s) => s.recordings.list.find((r) => r.id === s.recordings.selectedId && r.source === 'speech')) ?? null
  const [model, setModel] = useState('')
  const [voice, setVoice] = useState<string>('alloy')
  const [speed, setSpeed] = useState(1)
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('mp3')
  const [text, setText] = useState('')
  const { busy, error, missing, run } = useRequest()
  const { audio, error: audioError } = useRecordingAudio(selected?.id ?? null, selected?.bytes ?? 0)
  const chosen = model || models[0]?.name || ''

  const submit = () =>
    run(async () => {
      const blob = await speak({ model: chosen, input: text, voice, speed, response_format: format })
      const title = text.trim().replace(/\s+/g, ' ').slice(0, 60)
      const audio = new Blob([blob], { type: MIME[format] })
      const duration = await decodeToStudioPcm(audio).then((pcm) => pcm.length / STUDIO_SAMPLE_RATE, () => undefined)
      const rec: RecordingInfo = await keep(audio, { filename: `speech.${format}`, title, source: 'speech', duration })
      select(rec.id)
    })

  return (
    <div className="studio-grid">
      <div className="studio-main stack">
        <section className="studio-card" aria-labelledby="speech-title">
          <h2 id="speech-title" className="section-title">Text to speech</h2>
          {missing && <Notice>This gateway has no <code>/v1/audio/speech</code> endpoint yet.</Notice>}
          <form className="stack" onSubmit={(e) => (e.preventDefault(), void submit())}>
            <div className="form-row">
              <Field label="Speech model" error={models.length ? undefined : 'No speech model is configured.'}>
                {(control) => (
                  <select {...control} className="input input-sm" value={chosen} onChange={(e) => setModel(e.target.value)}>
                    {models.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
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
              <Field label={`Speed ${speed.toFixed(2)}×`}>
                {(control) => <input {...control} type="range" min={0.25} max={4} step={0.05} value={speed} onChange={(e) => setSpeed(Number(e.target.value))} />}
              </Field>
              <Field label="Format">
                {(control) => (
                  <select {...control} className="input input-sm" value={format} onChange={(e) => setFormat(e.target.value as (typeof FORMATS)[number])}>
                    {FORMATS.map((f) => <option key={f}>{f}</option>)}
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
        </section>
        {selected && (
          <section className="studio-card" aria-label="Spoken audio">
            <p className="speech-text">{selected.title}</p>
            {audioError ? <ErrorBanner>{audioError}</ErrorBanner> : audio ? <AudioPlayer blob={audio.blob} filename={selected.filename ?? 'speech.mp3'} peaks={audio.peaks} label="Generated speech" /> : <Spinner label="Loading the audio" />}
          </section>
        )}
      </div>
      <aside className="studio-side">
        <RecordingHistory kind="speech" label="Speech history" onOpen={(r) => select(r.id === selectedId ? null : r.id)} />
      </aside>
    </div>
  )
}
