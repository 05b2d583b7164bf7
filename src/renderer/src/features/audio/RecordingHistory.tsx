import { useEffect, useState } from 'react'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { formatRelative } from '../../lib/format'
import { recordingsOf } from '../../stores/recordings-slice'
import { useAppStore } from '../../stores/app-store'
import { clock } from '../../lib/audio/transcript-export'

/** Recordings (or the speech history), newest first, searched by title and transcript. */
export function RecordingHistory({ kind, label, onOpen }: { kind: 'studio' | 'speech'; label: string; onOpen: (rec: RecordingInfo) => void }) {
  const state = useAppStore((s) => s.recordings)
  const load = useAppStore((s) => s.loadRecordings)
  const openAt = useAppStore((s) => s.openRecordingAt)
  const teams = useAppStore((s) => s.catalog.teams)
  const teamName = (id: string | null) => (id ? (teams.find((t) => t.id === id)?.name ?? 'deleted team') : null)
  const [query, setQuery] = useState(state.query)
  useEffect(() => {
    const t = setTimeout(() => void load(query), 200)
    return () => clearTimeout(t)
  }, [query, load])
  const list = recordingsOf(state.list, kind)
  const hits = kind === 'studio' && query.trim() && state.query === query ? state.hits : []
  return (
    <section className="studio-card history" aria-label={label}>
      <h2 className="section-title">{label}</h2>
      <input className="input input-sm" type="search" aria-label={`Search ${label.toLowerCase()}`} placeholder="Search titles and transcripts" value={query} onChange={(e) => setQuery(e.target.value)} />
      {state.status === 'error' && <ErrorBanner onRetry={() => void load()}>{state.error}</ErrorBanner>}
      {hits.length > 0 && (
        <>
          <h3 className="field-label">Moments</h3>
          <ul className="history-list" aria-label="Moments that match">
            {hits.map((h, i) => (
              <li key={`${h.recording_id}-${h.start}-${i}`}>
                <button type="button" className="history-item" aria-label={`Play ${h.document_name} from ${clock(h.start)}`} onClick={() => openAt(h.recording_id, h.start)}>
                  <span className="history-title">
                    {h.document_name} <span className="hit-time">{clock(h.start)}</span>
                  </span>
                  <span className="small muted hit-text">{h.text}</span>
                </button>
              </li>
            ))}
          </ul>
          <h3 className="field-label">Recordings</h3>
        </>
      )}
      {state.status === 'loading' || state.status === 'idle' ? (
        <SkeletonRows rows={3} label={`Loading ${label.toLowerCase()}`} />
      ) : list.length === 0 ? (
        <EmptyState icon="audio" title={query ? 'Nothing found' : 'Nothing yet'}>{query ? 'No title or transcript holds those words.' : kind === 'speech' ? 'Spoken text appears here.' : 'Recordings and dropped files appear here.'}</EmptyState>
      ) : (
        <ul className="history-list">
          {list.map((r) => (
            <li key={r.id}>
              <button type="button" className={`history-item${state.selectedId === r.id ? ' history-item-current' : ''}`} aria-current={state.selectedId === r.id ? 'true' : undefined} onClick={() => onOpen(r)}>
                <span className="history-title">{r.title}</span>
                <span className="small muted">
                  {formatRelative(r.created_at)} · {r.duration !== null ? clock(r.duration) : '—'}
                  {r.state !== 'complete' ? ` · ${r.state}` : ''}
                  {r.transcript ? ' · transcribed' : ''}
                  {teamName(r.team_id) ? ` · ${teamName(r.team_id)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
