import { useState } from 'react'
import { Button } from '../../components/Button'
import type { TranscriptSegmentInfo } from '../../../../shared/recording-wire'
import { clock } from '../../lib/audio/transcript-export'

/** One segment: its time seeks the player; Edit corrects its text (kept beside the machine text), Revert undoes that. */
export function SegmentRow({ segment, n, current, onSeek, onEdit, onRevert }: {
  segment: TranscriptSegmentInfo
  n: number
  current: boolean
  onSeek: (seconds: number) => void
  onEdit: (n: number, text: string) => Promise<void>
  onRevert: (n: number) => Promise<void>
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = (work: Promise<void>) => (setBusy(true), void work.finally(() => setBusy(false)))
  const label = `segment at ${clock(segment.start)}`

  if (draft !== null) {
    return (
      <li>
        <form className="segment-edit" onSubmit={(e) => (e.preventDefault(), draft.trim() && run(onEdit(n, draft.trim()).then(() => setDraft(null))))}>
          <span className="segment-time mono">{clock(segment.start)}</span>
          <label className="visually-hidden" htmlFor={`segment-${n}`}>Text of the {label}</label>
          <input id={`segment-${n}`} className="input input-sm" value={draft} autoFocus onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setDraft(null)} />
          <Button size="sm" type="submit" disabled={busy || !draft.trim()}>Save</Button>
          <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>Cancel</Button>
        </form>
      </li>
    )
  }
  return (
    <li className="segment-row">
      <button type="button" className={`segment${current ? ' segment-current' : ''}`} onClick={() => onSeek(segment.start)}>
        <span className="segment-time mono">{clock(segment.start)}</span>
        <span>{segment.text.trim()}</span>
        {segment.edited && <span className="badge segment-edited" title={`Transcribed as: ${segment.original_text?.trim() ?? ''}`}>edited</span>}
      </button>
      <span className="segment-actions">
        <Button size="sm" variant="ghost" icon="edit" aria-label={`Edit ${label}`} onClick={() => setDraft(segment.text.trim())} />
        {segment.edited && <Button size="sm" variant="ghost" icon="rerun" aria-label={`Revert ${label}`} disabled={busy} onClick={() => run(onRevert(n))} />}
      </span>
    </li>
  )
}
