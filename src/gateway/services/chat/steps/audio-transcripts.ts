import type { Clock } from '../../../kernel/runtime'

/** How long a spoken answer can be cited by its audio id (`expires_at`), as OpenAI keeps its own. */
export const AUDIO_TRANSCRIPT_TTL_MS = 60 * 60_000

export interface AudioTranscriptsOptions {
  clock: Clock
  ttlMs?: number
  /** Transcripts kept at most; the oldest go first. */
  maxEntries?: number
  /** Characters kept at most over all transcripts; the oldest go first. */
  maxCharacters?: number
}

/**
 * The transcripts of answers the gateway spoke, by audio id, so a later request whose assistant message
 * cites `audio: {id}` gets the words back. Kept per team (an id never resolves for another team), in
 * memory, bounded in count and size, each until its `expires_at`: a citation past that, or after a
 * restart, is refused like OpenAI refuses an expired audio id.
 */
export function createAudioTranscripts(opts: AudioTranscriptsOptions) {
  const ttlMs = opts.ttlMs ?? AUDIO_TRANSCRIPT_TTL_MS
  const maxEntries = opts.maxEntries ?? 10_000
  const maxCharacters = opts.maxCharacters ?? 16_000_000
  // Insertion order is expiry order: every entry lives ttlMs.
  const entries = new Map<string, { transcript: string; expiresAt: number }>()
  let characters = 0
  const key = (teamId: string, id: string) => `${teamId}\u0000${id}`

  const drop = (k: string) => {
    const e = entries.get(k)
    if (!e) return
    characters -= e.transcript.length
    entries.delete(k)
  }
  const sweep = () => {
    const now = opts.clock.now()
    for (const [k, e] of entries) {
      if (e.expiresAt > now && entries.size <= maxEntries && characters <= maxCharacters) break
      drop(k)
    }
  }

  return {
    /** Keeps a transcript; returns its `expires_at` in Unix seconds. */
    put(teamId: string, id: string, transcript: string): number {
      const expiresAt = opts.clock.now() + ttlMs
      entries.set(key(teamId, id), { transcript, expiresAt })
      characters += transcript.length
      sweep()
      return Math.floor(expiresAt / 1000)
    },
    /** The transcript, or undefined when the id is unknown to this team or has expired. */
    get(teamId: string, id: string): string | undefined {
      sweep()
      return entries.get(key(teamId, id))?.transcript
    },
    size: () => entries.size,
  }
}

export type AudioTranscripts = ReturnType<typeof createAudioTranscripts>
