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
}

export interface AccessSlice {
  access: PlaygroundAccess
  /** The key to call /v1 with: the stored one, or a new team key named "Playground" issued once for the chosen team. */
  ensureApiKey(): Promise<string>
  setAccessTeam(teamId: string): void
  useOwnKey(key: string): void
  /** Drops a key the gateway refused (revoked, rotated away), so the next call issues a fresh one. */
  forgetApiKey(): void
}

const EMPTY: PlaygroundAccess = { teamId: null, key: null, keyId: null, hint: null, own: false }

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
      issuing ??= (async () => {
        let teamId = current.teamId
        if (!teamId) {
          const teams = get().catalog.teams.length ? get().catalog.teams : await api.teams()
          teamId = (teams.find((t) => t.name === 'default') ?? teams[0])?.id ?? null
          if (!teamId) throw new Error('There is no team to call models as: create a team first (Keys page).')
        }
        const issued = await api.createKey({ team_id: teamId, name: 'Playground' })
        save({ teamId, key: issued.key, keyId: issued.id, hint: issued.hint, own: false })
        return issued.key
      })().finally(() => {
        issuing = null
      })
      return issuing
    },
    setAccessTeam(teamId) {
      if (teamId !== get().access.teamId) save({ ...EMPTY, teamId })
    },
    useOwnKey(key) {
      const k = key.trim()
      save({ teamId: null, key: k, keyId: null, hint: `${k.slice(0, 9)}…${k.slice(-4)}`, own: true })
    },
    forgetApiKey() {
      save({ ...EMPTY, teamId: get().access.teamId })
    },
  }
}
