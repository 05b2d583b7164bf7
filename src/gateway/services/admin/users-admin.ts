import type { UserInfo } from '../../../shared/admin-wire'
import { notFound } from '../../../shared/errors'
import type { UserRow } from '../../store/repos/users-repo'
import type { AdminDeps } from './admin-deps'
import { assertAdminOwned, conflict, deleted, found } from './admin-rules'
import { applyLimits, limitsJson, type LimitsInput } from './governance-admin'

const userJson = (u: UserRow): UserInfo => ({ id: u.id, name: u.name, team_id: u.teamId, source: u.source, created_at: Math.floor(u.createdAt / 1000) })

/** Users: people with keys of their own that take their team's settings. */
export function createUsersAdmin({ store, clock, ids, configSource }: AdminDeps) {
  const json = (u: UserRow): UserInfo => ({ ...userJson(u), ...limitsJson(store.governance.get('user', u.id)) })
  return {
    list: (): UserInfo[] => store.users.list().map(json),
    create(body: { name: string; team_id: string } & LimitsInput): UserInfo {
      if (!store.teams.get(body.team_id)) throw notFound(`No team with id "${body.team_id}".`, 'team_not_found', 'team_id')
      if (store.users.getByName(body.name)) throw conflict(`A user named "${body.name}" exists already.`, 'name')
      return store.transaction(() => {
        const user = store.users.upsert({ id: ids.uuid(), name: body.name, teamId: body.team_id, source: 'admin' }, clock.now())
        applyLimits(store, 'user', user.id, body, clock.now())
        return json(user)
      })
    },
    /** Renames a user, or changes their limits. Their team stays: their keys carry it, so a move is a new user with new keys. */
    update(id: string, body: { name?: string } & LimitsInput): UserInfo {
      const user = found(store.users.get(id), 'user', id, 'user_not_found')
      assertAdminOwned(user, `User "${user.name}"`, configSource)
      const name = body.name ?? user.name
      const other = store.users.getByName(name)
      if (other && other.id !== user.id) throw conflict(`A user named "${name}" exists already.`, 'name')
      return store.transaction(() => {
        applyLimits(store, 'user', user.id, body, clock.now())
        return json(store.users.upsert({ ...user, name }, clock.now()))
      })
    },
    remove(id: string) {
      const user = found(store.users.get(id), 'user', id, 'user_not_found')
      assertAdminOwned(user, `User "${user.name}"`, configSource)
      store.users.delete(user.id)
      store.governance.remove('user', user.id)
      return deleted(user.id)
    },
  }
}
