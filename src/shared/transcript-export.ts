/** Transcripts as files (the studio's downloads and `GET /admin/recordings/{id}/export`), and times as a player shows them. */
import type { TranscriptSegmentInfo } from './recording-wire'
import { toSrt, toVtt } from './transcript-subtitles'

export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

const TYPES: Record<ExportFormat, string> = { txt: 'text/plain', srt: 'application/x-subrip', vtt: 'text/vtt', json: 'application/json' }

/** A transcript in an export format: plain text, SubRip, WebVTT, or JSON with the segments. */
export function exportTranscript(t: { text: string; segments: TranscriptSegmentInfo[]; language?: string | null }, format: ExportFormat): { body: string; type: string } {
  const body =
    format === 'txt' ? `${t.text}\n` : format === 'srt' ? toSrt(t.segments) : format === 'vtt' ? toVtt(t.segments) : `${JSON.stringify({ text: t.text, language: t.language ?? null, segments: t.segments }, null, 2)}\n`
  return { body, type: TYPES[format] }
}

/** `m:ss` (or `h:mm:ss`) of a time in seconds, for segment lists and timers. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0')
  return `${h ? `${h}:` : ''}${mm}:${String(s % 60).padStart(2, '0')}`
}
