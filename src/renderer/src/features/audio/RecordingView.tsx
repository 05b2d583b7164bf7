import { useEffect, useRef, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { ErrorBanner, Spinner } from '../../components/States'
import type { RecordingInfo } from '../../../../shared/recording-wire'
import { formatDate } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { AudioPlayer, type PlayerHandle } from './AudioPlayer'
import { clock, type ExportFormat } from '../../lib/audio/transcript-export'
import { SummaryPanel } from './SummaryPanel'
import { TranscribePanel } from './TranscribePanel'
import { TranscriptView } from './TranscriptView'
import { useRecordingAudio } from './use-recording-audio'

const STATE_BADGE: Record<RecordingInfo['state'], string> = { recording: 'badge-danger', interrupted: 'badge-warn', complete: 'badge-ok' }

/** One recording: rename, play with its waveform, transcribe or translate, read and edit the transcript, export, delete. */
export function RecordingView({ recording }: { recording: RecordingInfo }) {
  const update = useAppStore((s) => s.updateRecording)
  const remove = useAppStore((s) => s.deleteRecording)
  const notify = useAppStore((s) => s.notify)
  const editSegment = useAppStore((s) => s.editSegment)
  const revertSegment = useAppStore((s) => s.revertSegment)
  const seek = useAppStore((s) => s.recordings.seek)
  const seekTaken = useAppStore((s) => s.seekTaken)
  const teams = useAppStore((s) => s.catalog.teams)
  const { audio, error } = useRecordingAudio(recording.id, recording.bytes)
  const player = useRef<PlayerHandle>(null)
  const [title, setTitle] = useState(recording.title)
  const [time, setTime] = useState(0)
  const [format, setFormat] = useState<ExportFormat>('txt')
  useEffect(() => setTitle(recording.title), [recording.title])
  // a search hit opened this recording: play from the moment it was said, once the player is there
  useEffect(() => {
    if (!audio || seek?.id !== recording.id) return
    player.current?.seek(seek.seconds)
    seekTaken()
  }, [audio, seek, recording.id, seekTaken])
  const failed = (e: unknown) => notify(messageOf(e), 'error')
  const save = (patch: Parameters<typeof update>[1]) => update(recording.id, patch).then(() => undefined, (e: unknown) => notify(messageOf(e), 'error'))

  return (
    <div className="stack" aria-label={`Recording ${recording.title}`} role="region">
      <section className="studio-card">
        <form className="title-row" onSubmit={(e) => (e.preventDefault(), title.trim() && title !== recording.title && void save({ title: title.trim() }))}>
          <label className="visually-hidden" htmlFor="recording-title">Recording title</label>
          <input id="recording-title" className="input title-input" value={title} onChange={(e) => setTitle(e.target.value)} />
          <Button size="sm" type="submit" disabled={!title.trim() || title === recording.title}>Rename</Button>
          <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${recording.title}`} confirmLabel={`Confirm delete ${recording.title}`} onConfirm={() => remove(recording.id).catch((e: unknown) => notify(messageOf(e), 'error'))} />
        </form>
        <p className="small muted">
          <span className={`badge ${STATE_BADGE[recording.state]}`}>{recording.state}</span>
          {recording.source} · {formatDate(recording.created_at)} · {recording.duration !== null ? clock(recording.duration) : 'length unknown'}
        </p>
        <label className="small muted recording-team">
          Belongs to{' '}
          <select className="input input-sm" value={recording.team_id ?? ''} onChange={(e) => void save({ team: e.target.value || null })}>
            <option value="">the owner (no team key sees it)</option>
            {teams.map((t) => <option key={t.id} value={t.id}>team {t.name}</option>)}
          </select>
        </label>
        {error ? <ErrorBanner>{error}</ErrorBanner> : audio ? <AudioPlayer ref={player} blob={audio.blob} filename={recording.filename ?? `${recording.title}.wav`} peaks={audio.peaks} label={`Play ${recording.title}`} onTime={setTime} /> : <Spinner label="Loading the audio" />}
      </section>
      <TranscribePanel samples={audio?.samples ?? null} decodeError={audio?.decodeError ?? null} format={format} onFormat={setFormat} onDone={(transcript) => void save({ transcript })} />
      {recording.transcript && (
        <TranscriptView
          transcript={recording.transcript}
          format={format}
          title={recording.title}
          currentTime={time}
          onSeek={(t) => player.current?.seek(t)}
          onSave={(text) => save({ transcript: { ...recording.transcript!, text } })}
          onEditSegment={(n, text) => editSegment(recording.id, n, text).catch(failed)}
          onRevertSegment={(n) => revertSegment(recording.id, n).catch(failed)}
        />
      )}
      <SummaryPanel recording={recording} />
    </div>
  )
}
