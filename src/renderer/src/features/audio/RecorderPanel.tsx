import { useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { openMicrophone, openSystemLoopback } from '../../lib/audio/mic-capture'
import type { SystemAudioSource } from '../../lib/audio/studio-recorder'
import { clock } from '../../lib/audio/transcript-export'
import { LevelMeter } from './LevelMeter'
import { LANGUAGES, useTranscriptionModels } from './transcribe-options'
import { useAudioInputs, useStudioRecorder, useSystemAudioChoice } from './use-studio-recorder'
import { Waveform } from './Waveform'

/** Record from a chosen microphone: level, waveform, pause and resume, and the words as they are spoken. */
export function RecorderPanel({ onFinished }: { onFinished: (rec: RecordingInfo) => void }) {
  const { recorder, snapshot, transcribeAudio } = useStudioRecorder()
  const models = useTranscriptionModels()
  const [deviceId, setDeviceId] = useState('')
  const [title, setTitle] = useState('')
  const [liveOn, setLiveOn] = useState(true)
  const [model, setModel] = useState('')
  const [language, setLanguage] = useState('')
  const inputs = useAudioInputs(snapshot.status)
  const systemChoice = useSystemAudioChoice(inputs)
  const [withSystem, setWithSystem] = useState(false)
  const [monitorId, setMonitorId] = useState('')
  const chosenModel = model || models[0] || ''
  const { status, live } = snapshot
  const active = status === 'recording' || status === 'paused'

  const systemAudio = (): SystemAudioSource | null => {
    if (!withSystem || !systemChoice?.available) return null
    if (systemChoice.kind === 'loopback') return { open: openSystemLoopback }
    const source = monitorId || systemChoice.sources[0]!.deviceId
    return { open: (onSamples) => openMicrophone(onSamples, source) }
  }

  const start = () =>
    recorder.start({
      systemAudio: systemAudio(),
      deviceId: deviceId || undefined,
      title: title.trim() || `Recording ${new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`,
      live:
        liveOn && chosenModel
          ? { transcribe: (file, prompt, onDelta, signal) => transcribeAudio({ file, filename: 'live.wav', model: chosenModel, task: 'transcribe', language: language || undefined, prompt }, onDelta, signal) }
          : null,
    })

  return (
    <section className="studio-card" aria-labelledby="recorder-title">
      <h2 id="recorder-title" className="section-title">Record</h2>
      <div className="form-row">
        <Field label="Microphone">
          {(control) => (
            <select {...control} className="input input-sm" value={deviceId} disabled={active} onChange={(e) => setDeviceId(e.target.value)}>
              <option value="">Default microphone</option>
              {inputs.filter((d) => d.deviceId && d.deviceId !== 'default').map((d, i) => <option key={d.deviceId} value={d.deviceId}>{d.label || `Microphone ${i + 1}`}</option>)}
            </select>
          )}
        </Field>
        <Field label="Title">
          {(control) => <input {...control} className="input input-sm" value={title} disabled={active} placeholder="Named by date when empty" onChange={(e) => setTitle(e.target.value)} />}
        </Field>
      </div>
      <div className="form-row">
        <label className="checkbox">
          <input type="checkbox" checked={liveOn && models.length > 0} disabled={active || models.length === 0} onChange={(e) => setLiveOn(e.target.checked)} />
          Live transcript
        </label>
        <Field label="Live model" hint={models.length ? undefined : 'No speech-to-text model is set up.'}>
          {(control) => (
            <select {...control} className="input input-sm" value={chosenModel} disabled={active || !liveOn || !models.length} onChange={(e) => setModel(e.target.value)}>
              {models.map((m) => <option key={m}>{m}</option>)}
            </select>
          )}
        </Field>
        <Field label="Spoken language">
          {(control) => (
            <select {...control} className="input input-sm" value={language} disabled={active || !liveOn} onChange={(e) => setLanguage(e.target.value)}>
              {LANGUAGES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
            </select>
          )}
        </Field>
      </div>
      <div className="form-row">
        <label className="checkbox">
          <input type="checkbox" checked={withSystem && !!systemChoice?.available} disabled={active || !systemChoice?.available} onChange={(e) => setWithSystem(e.target.checked)} />
          Include system audio
        </label>
        {systemChoice && !systemChoice.available && <span className="small muted" data-testid="system-audio-reason">{systemChoice.reason}</span>}
        {systemChoice?.available && withSystem && (
          <span className="small muted">The other side of a call: mixed into the recording for the transcript, and kept alone as “(system audio)”.</span>
        )}
        {systemChoice?.available && systemChoice.kind === 'monitor-source' && withSystem && (
          <Field label="System audio source">
            {(control) => (
              <select {...control} className="input input-sm" value={monitorId || systemChoice.sources[0]!.deviceId} disabled={active} onChange={(e) => setMonitorId(e.target.value)}>
                {systemChoice.sources.map((d) => <option key={d.deviceId} value={d.deviceId}>{d.label}</option>)}
              </select>
            )}
          </Field>
        )}
      </div>
      <div className="recorder-bar">
        {!active ? (
          <Button variant="primary" icon="mic" disabled={status !== 'idle'} onClick={() => void start()}>{status === 'starting' ? 'Starting…' : status === 'stopping' ? 'Saving…' : 'Record'}</Button>
        ) : (
          <>
            {status === 'recording' ? <Button icon="pause" onClick={() => recorder.pause()}>Pause</Button> : <Button icon="play" onClick={() => recorder.resume()}>Resume</Button>}
            <Button variant="danger" icon="stop" onClick={() => void recorder.stop().then((rec) => rec && onFinished(rec))}>Stop</Button>
          </>
        )}
        <span className="recorder-time" aria-live="off" data-testid="recorder-time">{clock(snapshot.seconds)}</span>
        <span className="small muted" data-testid="recorder-saved">{snapshot.recording ? `saved ${clock(snapshot.savedSeconds)}` : ''}</span>
        {status === 'paused' && <span className="badge badge-warn">Paused</span>}
        {status === 'recording' && <span className="badge badge-danger">Recording</span>}
      </div>
      <LevelMeter level={snapshot.level} active={status === 'recording'} />
      <Waveform peaks={snapshot.waveform} height={48} className="recorder-wave" />
      {snapshot.error && <ErrorBanner>{snapshot.error}</ErrorBanner>}
      {live && (
        <div className="live-transcript" aria-live="polite" aria-label="Live transcript">
          {live.text || live.pending ? (
            <p>
              {live.text} <span className="muted">{live.pending}</span>
            </p>
          ) : (
            <p className="muted">{live.queued || status !== 'idle' ? 'Listening… the words appear at the next pause.' : 'No speech detected.'}</p>
          )}
        </div>
      )}
    </section>
  )
}
