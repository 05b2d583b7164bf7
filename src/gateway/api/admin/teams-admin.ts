import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { badRequest, notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { TeamRow } from '../../store/repos/teams-repo'
import type { AdminContext } from './admin-context'
import { assertAdminOwned, conflict, seconds } from './admin-helpers'

const teamBody = z.strictObject({
  name: z.string().trim().min(1),
  models: z.array(z.string()).nullable().optional(),
  fallbacks: z.record(z.string(), z.array(z.string())).optional(),
  use_fallbacks: z.boolean().optional(),
})

export const teamJson = (t: TeamRow) => ({
  id: t.id,
  name: t.name,
  models: t.models,
  fallbacks: t.fallbacks,
  use_fallbacks: t.useFallbacks,
  source: t.source,
  created_at: seconds(t.createdAt),
})

export async function teamsAdmin(app: FastifyInstance, { store, clock, ids, config }: AdminContext) {
  const checkModels = (body: Partial<z.output<typeof teamBody>>) => {
    const known = new Set(store.models.list().map((m) => m.name))
    body.models?.forEach((m, i) => {
      if (!known.has(m)) throw badRequest(`Unknown model "${m}".`, `models[${i}]`)
    })
    for (const [from, list] of Object.entries(body.fallbacks ?? {})) {
      for (const to of [from, ...list]) if (!known.has(to)) throw badRequest(`Unknown model "${to}" in fallbacks.`, `fallbacks.${from}`)
    }
  }
  const find = (id: string) => store.teams.get(id) ?? notFoundTeam(id)

  app.get('/teams', async () => ({ data: store.teams.list().map(teamJson) }))
  app.post('/teams', async (req, reply) => {
    const body = parseOrThrow(teamBody, req.body)
    checkModels(body)
    if (store.teams.getByName(body.name)) throw conflict(`A team named "${body.name}" exists already.`, 'name')
    const team = store.teams.upsert(
      { id: ids.uuid(), name: body.name, models: body.models ?? null, fallbacks: body.fallbacks ?? {}, useFallbacks: body.use_fallbacks ?? true, source: 'admin' },
      clock.now(),
    )
    return reply.code(201).send(teamJson(team))
  })
  app.patch<{ Params: { id: string } }>('/teams/:id', async (req) => {
    const team = find(req.params.id)
    assertAdminOwned(team, `Team "${team.name}"`, config.source)
    const body = parseOrThrow(teamBody.partial(), req.body)
    checkModels(body)
    const next = store.teams.upsert(
      {
        ...team,
        name: body.name ?? team.name,
        models: body.models === undefined ? team.models : body.models,
        fallbacks: body.fallbacks ?? team.fallbacks,
        useFallbacks: body.use_fallbacks ?? team.useFallbacks,
      },
      clock.now(),
    )
    return teamJson(next)
  })
  app.delete<{ Params: { id: string } }>('/teams/:id', async (req) => {
    const team = find(req.params.id)
    assertAdminOwned(team, `Team "${team.name}"`, config.source)
    store.teams.delete(team.id)
    return { id: team.id, deleted: true }
  })
}

function notFoundTeam(id: string): never {
  throw notFound(`No team with id "${id}".`, 'team_not_found', 'id')
}
