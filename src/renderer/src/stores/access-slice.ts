import { describeBrowser } from '../lib/describe-browser'
import type { SliceCreator } from './store-types'

const ACCESS_KEY = 'gatehouse.playgroundAccess'

/** The API key the playground calls /v1 with. The admin token never works there, so the screen holds a key of its own. */
export interface PlaygroundAccess {
  teamId: string | null
  key: string | null
  keyId: string | null
  hint: string | null
  /** Pasted by the person rather than issued here. */
  own: boolean
  /** The key's name on the gateway ("Playground · Chrome on Linux · 2026-11-25"), so the Keys page tells browsers apart. */
  name?: string | null
  /** Keys this browser was issued, one per team: switching back to a team reuses its key. */
  byTeam?: Record<string, IssuedAccess>
}

interface IssuedAccess {
  key: string
  keyId: string
  hint: string
  name: string
}

export interface AccessSlice {
  access: PlaygroundAccess
  /**
   * The key to call /v1 with: the stored one, or this browser's key for the chosen team, issued on the
   * first call that needs one (a send, an upload), named after this browser session.
   */
  ensureApiKey(): Promise<string>
  /** Revokes the key issued to this browser (Settings); the next send issues a new one. */
  revokePlaygroundKey(): Promise<void>
  setAccessTeam(teamId: string): void
  useOwnKey(key: string): void
  /** Drops a key the gateway refused (revoked, rotated away), so the next call issues a fresh one. */
  forgetApiKey(): void
}

const EMPTY: PlaygroundAccess = { teamId: null, key: null, keyId: null, hint: null, own: false, name: null, byTeam: {} }

/** What a playground key is called on the gateway: where it lives and since when. */
export function playgroundKeyName(userAgent: string | null, now: Date): string {
  return `Playground · ${describeBrowser(userAgent)} · ${now.toISOString().slice(0, 10)}`
}

function load(storage: Pick<Storage, 'getItem'>): PlaygroundAccess {
  try {
    const v = JSON.parse(storage.getItem(ACCESS_KEY) ?? 'null') as PlaygroundAccess | null
    return v && typeof v === 'object' ? { ...EMPTY, ...v } : EMPTY
  } catch {
    return EMPTY
  }
}

export const createAccessSlice: SliceCreator<AccessSlice> = ({ api, storage }) => (set, get) => {
  const save = (access: PlaygroundAccess) => {
    storage.setItem(ACCESS_KEY, JSON.stringify(access))
    set({ access })
  }
  let issuing: Promise<string> | null = null

  return {
    access: load(storage),
    async ensureApiKey() {
      const current = get().access
      if (current.key) return current.key
      const reused = current.teamId ? current.byTeam?.[current.teamId] : undefined
      if (reused) {
        save({ ...current, ...reused, own: false })
        return reused.key
      }
      issuing ??= (async () => {
        let teamId = current.teamId
        if (!teamId) {
          const teams = get().catalog.teams.length ? get().catalog.teams : await api.teams()
          teamId = (teams.find((t) => t.name === 'default') ?? teams[0])?.id ?? null
          if (!teamId) throw new Error('There is no team to call models as: create a team first (Teams page).')
        }
        const name = playgroundKeyName(typeof navigator === 'undefined' ? null : navigator.userAgent, new Date())
        const issued = await api.createKey({ team_id: teamId, name })
        const entry: IssuedAccess = { key: issued.key, keyId: issued.id, hint: issued.hint, name }
        const now = get().access
        save({ teamId, ...entry, own: false, byTeam: { ...now.byTeam, [teamId]: entry } })
        return issued.key
      })().finally(() => {
        issuing = null
      })
      return issuing
    },
    async revokePlaygroundKey() {
      const { keyId, own, teamId, byTeam } = get().access
      if (keyId && !own) await api.revokeKey(keyId)
      const rest = { ...byTeam }
      if (teamId) delete rest[teamId]
      save({ ...EMPTY, teamId, byTeam: rest })
    },
    setAccessTeam(teamId) {
      const current = get().access
      if (teamId !== current.teamId) save({ ...EMPTY, teamId, byTeam: current.byTeam ?? {} })
    },
    useOwnKey(key) {
      const k = key.trim()
      save({ ...EMPTY, teamId: null, key: k, keyId: null, hint: `${k.slice(0, 9)}…${k.slice(-4)}`, own: true, byTeam: get().access.byTeam ?? {} })
    },
    forgetApiKey() {
      const { teamId, byTeam } = get().access
      const rest = { ...byTeam }
      if (teamId) delete rest[teamId]
      save({ ...EMPTY, teamId, byTeam: rest })
    },
  }
}
