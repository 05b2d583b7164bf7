import type { Db } from '../database'

export interface SegmentEdit {
  text: string
  editedAt: number
}

export type RecordingEditsRepo = ReturnType<typeof createRecordingEditsRepo>

/** Corrected segment texts, by segment number, kept beside a recording's machine transcript. */
export function createRecordingEditsRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO recording_segment_edits (recording_id, segment, text, edited_at) VALUES (@recordingId, @segment, @text, @now)
    ON CONFLICT (recording_id, segment) DO UPDATE SET text = excluded.text, edited_at = excluded.edited_at`)
  const deleteStmt = db.prepare('DELETE FROM recording_segment_edits WHERE recording_id = ? AND segment = ?')
  const clearStmt = db.prepare('DELETE FROM recording_segment_edits WHERE recording_id = ?')
  const listStmt = db.prepare('SELECT segment, text, edited_at FROM recording_segment_edits WHERE recording_id = ? ORDER BY segment')

  return {
    set: (recordingId: string, segment: number, text: string, now: number) => void upsertStmt.run({ recordingId, segment, text, now }),
    /** False when the segment had no edit. */
    remove: (recordingId: string, segment: number): boolean => deleteStmt.run(recordingId, segment).changes > 0,
    clear: (recordingId: string) => void clearStmt.run(recordingId),
    of(recordingId: string): Map<number, SegmentEdit> {
      const rows = listStmt.all(recordingId) as Array<{ segment: number; text: string; edited_at: number }>
      return new Map(rows.map((r) => [r.segment, { text: r.text, editedAt: r.edited_at }]))
    },
  }
}
