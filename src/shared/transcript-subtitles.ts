/** Subtitles from timed text: SubRip and WebVTT, as OpenAI writes them. Used by the gateway's srt/vtt replies and the studio's exports. */

export interface TimedText {
  id?: number
  /** Seconds from the start of the audio. */
  start: number
  end: number
  text: string
}

/** Seconds as `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (WebVTT). */
export function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000))
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor((ms % 3_600_000) / 60_000)
  const s = Math.floor((ms % 60_000) / 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`
}

/** A cue's text on one line: a blank line would end the cue early. */
const cueText = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim()
const spokenSegments = (segments: TimedText[]) => segments.filter((s) => cueText(s.text).length > 0)

/** SubRip: numbered cues from 1, `00:00:01,500 --> 00:00:03,000`, a blank line after each. */
export function toSrt(segments: TimedText[]): string {
  return spokenSegments(segments)
    .map((s, i) => `${i + 1}\n${formatTimestamp(s.start, ',')} --> ${formatTimestamp(s.end, ',')}\n${cueText(s.text)}\n`)
    .join('\n')
}

/** WebVTT: the WEBVTT header, then `00:00:01.500 --> 00:00:03.000` cues (no ids, as OpenAI's). */
export function toVtt(segments: TimedText[]): string {
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const cues = spokenSegments(segments).map((s) => `${formatTimestamp(s.start, '.')} --> ${formatTimestamp(s.end, '.')}\n${escape(cueText(s.text))}\n`)
  return `WEBVTT\n\n${cues.join('\n')}`
}

