import type { TeamInfo } from '../../../shared/admin-wire'
import { badRequest } from '../../../shared/errors'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { AdminDeps } from './admin-deps'
import { assertAdminOwned, conflict, deleted, found } from './admin-rules'
import { applyLimits, teamGovernanceJson, type TeamPolicyInput } from './governance-admin'

export interface TeamInput extends TeamPolicyInput {
  name: string
  models?: string[] | null
  fallbacks?: Record<string, string[]>
  use_fallbacks?: boolean
  cache?: { ttl: number } | null
}

export const teamJson = (t: TeamRow): TeamInfo => ({
  id: t.id,
  name: t.name,
  models: t.models,
  fallbacks: t.fallbacks,
  use_fallbacks: t.useFallbacks,
  cache: t.cacheTtlSeconds ? { ttl: t.cacheTtlSeconds } : null,
  source: t.source,
  created_at: Math.floor(t.createdAt / 1000),
})

/** Teams: the models each may call and its fallbacks. Names are unique; config-owned teams are edited in the file. */
export function createTeamsAdmin({ store, clock, ids, configSource }: AdminDeps) {
  const json = (t: TeamRow): TeamInfo => ({ ...teamJson(t), ...teamGovernanceJson(store, t.id) })
  const checkModels = (body: Partial<TeamInput>) => {
    const known = new Set(store.models.list().map((m) => m.name))
    body.models?.forEach((m, i) => {
      if (!known.has(m)) throw badRequest(`Unknown model "${m}".`, `models[${i}]`)
    })
    for (const [from, list] of Object.entries(body.fallbacks ?? {})) {
      for (const to of [from, ...list]) if (!known.has(to)) throw badRequest(`Unknown model "${to}" in fallbacks.`, `fallbacks.${from}`)
    }
  }
  const find = (id: string) => found(store.teams.get(id), 'team', id, 'team_not_found')
  const editable = (id: string) => {
    const team = find(id)
    assertAdminOwned(team, `Team "${team.name}"`, configSource)
    return team
  }

  return {
    list: (): TeamInfo[] => store.teams.list().map(json),
    create(body: TeamInput): TeamInfo {
      checkModels(body)
      if (store.teams.getByName(body.name)) throw conflict(`A team named "${body.name}" exists already.`, 'name')
      const row = { id: ids.uuid(), name: body.name, models: body.models ?? null, fallbacks: body.fallbacks ?? {}, useFallbacks: body.use_fallbacks ?? true, cacheTtlSeconds: body.cache?.ttl ?? null, source: 'admin' as const }
      return store.transaction(() => {
        const team = store.teams.upsert(row, clock.now())
        applyLimits(store, 'team', team.id, body, clock.now())
        return json(team)
      })
    },
    update(id: string, body: Partial<TeamInput>): TeamInfo {
      const team = editable(id)
      checkModels(body)
      const next = {
        ...team,
        name: body.name ?? team.name,
        models: body.models === undefined ? team.models : body.models,
        fallbacks: body.fallbacks ?? team.fallbacks,
        useFallbacks: body.use_fallbacks ?? team.useFallbacks,
        cacheTtlSeconds: body.cache === undefined ? team.cacheTtlSeconds : (body.cache?.ttl ?? null),
      }
      return store.transaction(() => {
        applyLimits(store, 'team', team.id, body, clock.now())
        return json(store.teams.upsert(next, clock.now()))
      })
    },
    remove(id: string) {
      const team = editable(id)
      store.teams.delete(team.id)
      store.governance.remove('team', team.id)
      store.governance.removeTeamModels(team.id)
      return deleted(team.id)
    },
  }
}
