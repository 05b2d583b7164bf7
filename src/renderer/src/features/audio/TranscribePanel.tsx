import { useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner, Notice } from '../../components/States'
import type { RecordingTranscript } from '../../../../shared/recording-wire'
import { clock, EXPORT_FORMATS, type ExportFormat } from '../../lib/audio/transcript-export'
import { LANGUAGES, useTranscriptionModels } from './transcribe-options'
import { useTranscriptionJob } from './use-transcription-job'

/** Transcribe or translate a recording with model, language, prompt and output format; progress, time, Cancel. */
export function TranscribePanel({ samples, decodeError, format, onFormat, onDone }: {
  samples: Int16Array | null
  decodeError: string | null
  format: ExportFormat
  onFormat: (f: ExportFormat) => void
  onDone: (t: RecordingTranscript) => void
}) {
  const models = useTranscriptionModels()
  const { state, run, cancel } = useTranscriptionJob()
  const [model, setModel] = useState('')
  const [task, setTask] = useState<'transcribe' | 'translate'>('transcribe')
  const [language, setLanguage] = useState('')
  const [prompt, setPrompt] = useState('')
  const chosen = model || models[0] || ''
  const { progress } = state
  const fraction = progress && state.totalSeconds ? Math.min(1, progress.doneSeconds / state.totalSeconds) : 0

  const start = async () => {
    if (!samples) return
    const result = await run(samples, { model: chosen, task, language: task === 'transcribe' ? language || undefined : undefined, prompt: prompt.trim() || undefined })
    if (result) onDone({ text: result.text, segments: result.segments, language: result.language, model: chosen, task })
  }

  return (
    <section className="studio-card" aria-labelledby="transcribe-title">
      <h3 id="transcribe-title" className="section-title">Transcribe</h3>
      {!models.length && <Notice>No speech-to-text model is set up: add a whisper model on the Models page (Model manager).</Notice>}
      <div className="form-row">
        <Field label="Model">
          {(control) => (
            <select {...control} className="input input-sm" value={chosen} disabled={state.running} onChange={(e) => setModel(e.target.value)}>
              {models.map((m) => <option key={m}>{m}</option>)}
            </select>
          )}
        </Field>
        <Field label="Task">
          {(control) => (
            <select {...control} className="input input-sm" value={task} disabled={state.running} onChange={(e) => setTask(e.target.value as 'transcribe' | 'translate')}>
              <option value="transcribe">Transcribe</option>
              <option value="translate">Translate to English</option>
            </select>
          )}
        </Field>
        <Field label="Language">
          {(control) => (
            <select {...control} className="input input-sm" value={language} disabled={state.running || task === 'translate'} onChange={(e) => setLanguage(e.target.value)}>
              {LANGUAGES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
            </select>
          )}
        </Field>
        <Field label="Output format">
          {(control) => (
            <select {...control} className="input input-sm" value={format} onChange={(e) => onFormat(e.target.value as ExportFormat)}>
              {EXPORT_FORMATS.map((f) => <option key={f} value={f}>{f}</option>)}
            </select>
          )}
        </Field>
      </div>
      <Field label="Prompt" hint="Names and words to expect, or the style to follow.">
        {(control) => <input {...control} className="input input-sm" value={prompt} disabled={state.running} onChange={(e) => setPrompt(e.target.value)} />}
      </Field>
      <div className="recorder-bar">
        {state.running ? (
          <Button variant="danger" icon="stop" onClick={cancel}>Cancel</Button>
        ) : (
          <Button variant="primary" disabled={!samples || !chosen} onClick={() => void start()}>{task === 'translate' ? 'Translate' : 'Transcribe'}</Button>
        )}
        {!samples && !decodeError && <span className="small muted">Loading the audio…</span>}
      </div>
      {(state.running || progress) && (
        <div className="job-progress">
          <progress max={1} value={state.running && fraction === 0 ? undefined : fraction} aria-label="Transcription progress" />
          <span className="small muted" data-testid="transcribe-elapsed">
            {clock(progress?.doneSeconds ?? 0)} of {clock(state.totalSeconds)} · {state.running ? 'elapsed' : 'took'} {clock(state.elapsedMs / 1000)}
          </span>
        </div>
      )}
      {state.running && progress?.pending && <p className="small muted live-transcript">{progress.pending}</p>}
      {state.cancelled && <Notice>Transcription cancelled.</Notice>}
      {decodeError && <ErrorBanner>{decodeError}</ErrorBanner>}
      {state.error && <ErrorBanner>{state.error}</ErrorBanner>}
    </section>
  )
}
