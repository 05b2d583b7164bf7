import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'

let gw: TestGateway
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => gw.close())

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => gw.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) })

describe('teams and users through the admin API (the Teams and users page)', () => {
  it('creates a team and a user in it, renames the user, and deletes both', async () => {
    const team = (await call('POST', '/admin/teams', { name: 'research', models: [] })).json() as { id: string; source: string }
    expect(team.source).toBe('admin')
    const created = await call('POST', '/admin/users', { name: 'bea', team_id: team.id })
    expect(created.statusCode).toBe(201)
    const user = created.json() as { id: string }
    const renamed = await call('PATCH', `/admin/users/${user.id}`, { name: 'beatriz' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ id: user.id, name: 'beatriz', team_id: team.id, source: 'admin' })
    expect((await call('GET', '/admin/users')).json().data.map((u: { name: string }) => u.name)).toContain('beatriz')
    expect((await call('DELETE', `/admin/users/${user.id}`)).json()).toEqual({ id: user.id, deleted: true })
    expect((await call('DELETE', `/admin/teams/${team.id}`)).json()).toEqual({ id: team.id, deleted: true })
  })

  it('refuses a rename to a taken name, a move by PATCH, and any change to a user of the config file, naming the field and the fix', async () => {
    const ana = gw.store.users.getByName('ana')!
    const alpha = gw.store.teams.getByName('alpha')!
    const other = (await call('POST', '/admin/users', { name: 'carl', team_id: alpha.id })).json() as { id: string }
    const taken = await call('PATCH', `/admin/users/${other.id}`, { name: 'ana' })
    expect([taken.statusCode, taken.json().error.code, taken.json().error.param]).toEqual([409, 'already_exists', 'name'])
    const move = await call('PATCH', `/admin/users/${other.id}`, { name: 'carl', team_id: alpha.id })
    expect(move.statusCode).toBe(400)
    expect(move.json().error.message).toMatch(/team_id/)
    const locked = await call('PATCH', `/admin/users/${ana.id}`, { name: 'anna' })
    expect([locked.statusCode, locked.json().error.code]).toEqual([409, 'managed_by_config'])
    expect(locked.json().error.message).toMatch(/comes from the config file/)
    const missing = await call('PATCH', '/admin/users/nope', { name: 'x' })
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'user_not_found'])
  })
})
