import { type SpeechSpan } from './whisper-protocol'

/** One stretch of kept audio: original samples [from, to) now start at sample `at` of the compacted audio. */
export interface CompactedPiece {
  from: number
  to: number
  at: number
}

export interface CompactedSpeech {
  pcm: Int16Array
  pieces: CompactedPiece[]
  sampleRate: number
}

export interface CompactionOptions {
  sampleRate: number
  /** Audio kept on each side of a speech span, so word edges survive. Default 0.1 s. */
  padSeconds?: number
  /** Silence put between two kept stretches. Default 0.1 s. */
  gapSeconds?: number
}

/**
 * Keeps the speech and drops the silence between, as whisper.cpp's own VAD mode does: the
 * speech spans (padded, merged where they touch) are laid end to end with a short silence
 * between, so whisper neither spends time on nor hallucinates over long silences.
 */
export function compactSpeech(pcm: Int16Array, spans: SpeechSpan[], options: CompactionOptions): CompactedSpeech {
  const { sampleRate } = options
  const pad = Math.round((options.padSeconds ?? 0.1) * sampleRate)
  const gap = Math.round((options.gapSeconds ?? 0.1) * sampleRate)

  const ranges: Array<{ from: number; to: number }> = []
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const from = Math.max(0, Math.floor(span.start * sampleRate) - pad)
    const to = Math.min(pcm.length, Math.ceil(span.end * sampleRate) + pad)
    if (to <= from) continue
    const last = ranges.at(-1)
    // Closer than the silence we would insert: keep the original audio between them instead.
    if (last && from - last.to <= gap) last.to = Math.max(last.to, to)
    else ranges.push({ from, to })
  }

  const total = ranges.reduce((n, r) => n + (r.to - r.from), 0) + gap * Math.max(0, ranges.length - 1)
  const out = new Int16Array(total)
  const pieces: CompactedPiece[] = []
  let at = 0
  for (const r of ranges) {
    out.set(pcm.subarray(r.from, r.to), at)
    pieces.push({ from: r.from, to: r.to, at })
    at += r.to - r.from + gap
  }
  return { pcm: out, pieces, sampleRate }
}

/**
 * A time in the compacted audio back to the original audio. A time that falls in an inserted
 * silence snaps to the next stretch (for a start) or the previous one (for an end).
 */
export function originalTime(compacted: CompactedSpeech, seconds: number, edge: 'start' | 'end'): number {
  const { pieces, sampleRate } = compacted
  if (pieces.length === 0) return seconds
  const sample = seconds * sampleRate
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!
    const length = p.to - p.from
    if (sample < p.at) return (edge === 'start' || i === 0 ? p.from : pieces[i - 1]!.to) / sampleRate
    if (sample <= p.at + length) return (p.from + (sample - p.at)) / sampleRate
  }
  return pieces.at(-1)!.to / sampleRate
}
