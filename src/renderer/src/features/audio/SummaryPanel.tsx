import { useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { formatDate } from '../../lib/format'
import { selectChatModels } from '../../stores/catalog-selectors'
import { useAppStore, useAppStoreShallow } from '../../stores/app-store'

/**
 * Summary, action items and a title from any chat model the team may use, streamed as it is written and
 * kept with the recording; billed to the recording's team (or the one chosen, for a recording of no team).
 */
export function SummaryPanel({ recording }: { recording: RecordingInfo }) {
  const models = useAppStoreShallow(selectChatModels)
  const teams = useAppStore((s) => s.catalog.teams)
  const summarize = useAppStore((s) => s.summarizeRecording)
  const [model, setModel] = useState('')
  const [team, setTeam] = useState('')
  const [streamed, setStreamed] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const chosenModel = model || models[0]?.name || ''
  const ownTeam = teams.find((t) => t.id === recording.team_id)
  const chosenTeam = ownTeam ? ownTeam.name : team || teams[0]?.name || ''
  const running = streamed !== null
  const summary = recording.summary

  const start = async () => {
    setError(null)
    setStreamed('')
    try {
      await summarize(recording.id, { model: chosenModel, ...(ownTeam || !chosenTeam ? {} : { team: chosenTeam }) }, (text) => setStreamed((s) => (s ?? '') + text))
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setStreamed(null)
    }
  }

  return (
    <section className="studio-card" aria-labelledby="summary-title">
      <h3 id="summary-title" className="section-title">Summary</h3>
      <div className="summary-controls">
        <Field label="Chat model" className="field">
          {(control) => (
            <select {...control} className="input input-sm" value={chosenModel} disabled={running} onChange={(e) => setModel(e.target.value)}>
              {models.map((m) => <option key={m.id}>{m.name}</option>)}
            </select>
          )}
        </Field>
        {!ownTeam && teams.length > 1 && (
          <Field label="Bill team" className="field">
            {(control) => (
              <select {...control} className="input input-sm" value={chosenTeam} disabled={running} onChange={(e) => setTeam(e.target.value)}>
                {teams.map((t) => <option key={t.id}>{t.name}</option>)}
              </select>
            )}
          </Field>
        )}
        <Button size="sm" variant="primary" disabled={running || !chosenModel || !recording.transcript} onClick={() => void start()}>
          {running ? 'Summarizing…' : summary ? 'Regenerate' : 'Summarize'}
        </Button>
      </div>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {running ? (
        <p className="summary-text" aria-live="polite" aria-label="Summary being written">{streamed || '…'}</p>
      ) : summary ? (
        <div className="stack" aria-label="Kept summary">
          {summary.title && <p><strong>{summary.title}</strong></p>}
          <p className="summary-text">{summary.summary}</p>
          {summary.action_items.length > 0 && (
            <>
              <h4 className="field-label">Action items</h4>
              <ul className="summary-items">{summary.action_items.map((a, i) => <li key={i}>{a}</li>)}</ul>
            </>
          )}
          <p className="small muted">{summary.model} · {formatDate(summary.created_at)}</p>
        </div>
      ) : (
        !recording.transcript && <p className="small muted">Transcribe the recording first.</p>
      )}
    </section>
  )
}
