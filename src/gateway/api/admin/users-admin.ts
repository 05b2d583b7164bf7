import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { UserRow } from '../../store/repos/users-repo'
import type { AdminContext } from './admin-context'
import { assertAdminOwned, conflict, seconds } from './admin-helpers'

const userBody = z.strictObject({ name: z.string().trim().min(1), team_id: z.string().min(1) })

const userJson = (u: UserRow) => ({ id: u.id, name: u.name, team_id: u.teamId, source: u.source, created_at: seconds(u.createdAt) })

export async function usersAdmin(app: FastifyInstance, { store, clock, ids, config }: AdminContext) {
  app.get('/users', async () => ({ data: store.users.list().map(userJson) }))
  app.post('/users', async (req, reply) => {
    const body = parseOrThrow(userBody, req.body)
    if (!store.teams.get(body.team_id)) throw notFound(`No team with id "${body.team_id}".`, 'team_not_found', 'team_id')
    if (store.users.getByName(body.name)) throw conflict(`A user named "${body.name}" exists already.`, 'name')
    const user = store.users.upsert({ id: ids.uuid(), name: body.name, teamId: body.team_id, source: 'admin' }, clock.now())
    return reply.code(201).send(userJson(user))
  })
  app.delete<{ Params: { id: string } }>('/users/:id', async (req) => {
    const user = store.users.get(req.params.id)
    if (!user) throw notFound(`No user with id "${req.params.id}".`, 'user_not_found', 'id')
    assertAdminOwned(user, `User "${user.name}"`, config.source)
    store.users.delete(user.id)
    return { id: user.id, deleted: true }
  })
}
