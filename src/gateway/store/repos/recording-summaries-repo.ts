import type { Db } from '../database'
import { readJson, writeJson } from './json-column'

export interface RecordingSummaryRow {
  recordingId: string
  model: string
  title: string
  summary: string
  actionItems: string[]
  usageId: string | null
  createdAt: number
}

interface Raw {
  recording_id: string
  model: string
  title: string
  summary: string
  action_items: string
  usage_id: string | null
  created_at: number
}

export type RecordingSummariesRepo = ReturnType<typeof createRecordingSummariesRepo>

/** The last summary of each recording; a new one replaces it. */
export function createRecordingSummariesRepo(db: Db) {
  const upsertStmt = db.prepare(`
    INSERT INTO recording_summaries (recording_id, model, title, summary, action_items, usage_id, created_at)
    VALUES (@recordingId, @model, @title, @summary, @actionItems, @usageId, @createdAt)
    ON CONFLICT (recording_id) DO UPDATE SET model = excluded.model, title = excluded.title, summary = excluded.summary,
      action_items = excluded.action_items, usage_id = excluded.usage_id, created_at = excluded.created_at`)
  const getStmt = db.prepare('SELECT * FROM recording_summaries WHERE recording_id = ?')

  return {
    put: (row: RecordingSummaryRow) => void upsertStmt.run({ ...row, actionItems: writeJson(row.actionItems) }),
    get(recordingId: string): RecordingSummaryRow | undefined {
      const r = getStmt.get(recordingId) as Raw | undefined
      return r && { recordingId: r.recording_id, model: r.model, title: r.title, summary: r.summary, actionItems: readJson(r.action_items, []), usageId: r.usage_id, createdAt: r.created_at }
    },
  }
}
