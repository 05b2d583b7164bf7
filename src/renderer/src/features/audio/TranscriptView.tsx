import { useEffect, useState } from 'react'
import { Button } from '../../components/Button'
import { Notice } from '../../components/States'
import type { RecordingTranscript } from '../../../../shared/recording-wire'
import { downloadFile } from '../../lib/download'
import { exportTranscript, type ExportFormat } from '../../lib/audio/transcript-export'
import { SegmentRow } from './SegmentRow'

/** A transcript: segments whose times seek the player and that can be corrected, the text to edit and save, and the export in the chosen format. */
export function TranscriptView({ transcript, format, title, currentTime, onSeek, onSave, onEditSegment, onRevertSegment }: {
  transcript: RecordingTranscript
  format: ExportFormat
  title: string
  currentTime: number
  onSeek: (seconds: number) => void
  onSave: (text: string) => Promise<void>
  onEditSegment: (n: number, text: string) => Promise<void>
  onRevertSegment: (n: number) => Promise<void>
}) {
  const [text, setText] = useState(transcript.text)
  const [saving, setSaving] = useState(false)
  useEffect(() => setText(transcript.text), [transcript.text])
  const empty = !transcript.text.trim() && transcript.segments.length === 0
  const exported = exportTranscript({ ...transcript, text }, format)

  return (
    <section className="studio-card" aria-labelledby="transcript-title">
      <div className="section-head">
        <h3 id="transcript-title" className="section-title">Transcript{transcript.model ? <span className="muted small"> · {transcript.model}{transcript.language ? ` · ${transcript.language}` : ''}</span> : null}</h3>
        <Button size="sm" icon="download" disabled={empty} onClick={() => downloadFile(`${title.replace(/[^\w .-]+/g, '').trim() || 'transcript'}.${format}`, exported.body, exported.type)}>Export .{format}</Button>
      </div>
      {empty ? (
        <Notice tone="warning">No speech detected: the model heard no words in this recording.</Notice>
      ) : (
        <>
          {transcript.segments.length > 0 && (
            <ol className="segments" aria-label="Segments">
              {transcript.segments.map((s, n) => (
                <SegmentRow key={`${n}-${s.id}`} segment={s} n={n} current={currentTime >= s.start && currentTime < s.end} onSeek={onSeek} onEdit={onEditSegment} onRevert={onRevertSegment} />
              ))}
            </ol>
          )}
          {format === 'txt' ? (
            <div className="stack">
              <label className="field-label" htmlFor="transcript-text">Text</label>
              <textarea id="transcript-text" className="input autogrow" value={text} onChange={(e) => setText(e.target.value)} />
              <div className="row-end">
                <Button size="sm" icon="save" disabled={text === transcript.text || saving} onClick={() => (setSaving(true), void onSave(text).finally(() => setSaving(false)))}>Save text</Button>
              </div>
            </div>
          ) : (
            <pre className="code-block transcript-preview" aria-label={`Transcript as ${format}`}>{exported.body}</pre>
          )}
        </>
      )}
    </section>
  )
}
