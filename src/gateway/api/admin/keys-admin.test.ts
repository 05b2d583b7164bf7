import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { admin, bearer, startTestGateway, TEAM_KEY, USER_KEY, type TestGateway } from '../../../../test/support/harness'

let gw: TestGateway
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => gw.close())

const alphaId = () => gw.store.teams.getByName('alpha')!.id
const models = (key: string) => gw.app.inject({ method: 'GET', url: '/v1/models', headers: bearer(key) })
const createKey = async (payload: Record<string, unknown>) => {
  const res = await gw.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: string; key: string; hint: string; kind: string; status: string }
}

describe('key lifecycle through the admin API', () => {
  it('creates team and user keys with different prefixes, shown once and stored only as a hash', async () => {
    const team = await createKey({ team_id: alphaId(), name: 'ci' })
    const userId = gw.store.users.getByName('ana')!.id
    const user = await createKey({ user_id: userId })
    expect(team.key).toMatch(/^gth-team-[A-Za-z0-9_-]{43}$/)
    expect(user.key).toMatch(/^gth-user-[A-Za-z0-9_-]{43}$/)
    expect(team.hint).toBe(`gth-team-…${team.key.slice(-4)}`)

    const list = await gw.app.inject({ method: 'GET', url: '/admin/keys', headers: admin })
    expect(list.body).not.toContain(team.key)
    expect(list.body).not.toContain(user.key)
    const rows = gw.store.db.prepare('SELECT * FROM api_keys').all()
    expect(JSON.stringify(rows)).not.toContain(team.key.slice(9))
    expect((await models(team.key)).statusCode).toBe(200)
  })

  it('rotates: the new key works, the old one works with Deprecation and Sunset headers until the grace ends', async () => {
    const first = await createKey({ team_id: alphaId() })
    const rotated = await gw.app.inject({ method: 'POST', url: `/admin/keys/${first.id}/rotate`, headers: admin })
    expect(rotated.statusCode).toBe(201)
    const { key: next, replaced } = rotated.json()
    expect(next).not.toBe(first.key)
    expect(replaced).toMatchObject({ id: first.id, status: 'deprecated', replaced_by: rotated.json().id })

    const fresh = await models(next)
    expect(fresh.statusCode).toBe(200)
    expect(fresh.headers.deprecation).toBeUndefined()

    const old = await models(first.key)
    expect(old.statusCode).toBe(200)
    expect(old.headers.deprecation).toBe(`@${Math.floor(gw.clock.now() / 1000)}`)
    expect(new Date(old.headers.sunset as string).getTime()).toBe(Math.floor((gw.clock.now() + 24 * 3600_000) / 1000) * 1000)

    gw.clock.advance(24 * 3600_000 - 1000)
    expect((await models(first.key)).statusCode).toBe(200)
    gw.clock.advance(1000)
    const expired = await models(first.key)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error.code).toBe('expired_api_key')
    expect(expired.json().error.message).toMatch(/rotated on .* grace period ended/)
    expect((await models(next)).statusCode).toBe(200)
  })

  it('takes a per-rotation grace period, and rotating a config key works too', async () => {
    const configKey = gw.store.keys.list().find((k) => k.source === 'config' && k.kind === 'team' && k.teamId === alphaId())!
    const res = await gw.app.inject({ method: 'POST', url: `/admin/keys/${configKey.id}/rotate`, headers: admin, payload: { grace_seconds: 10 } })
    expect(res.statusCode).toBe(201)
    gw.clock.advance(9_000)
    expect((await models(TEAM_KEY)).statusCode).toBe(200)
    gw.clock.advance(1_000)
    expect((await models(TEAM_KEY)).statusCode).toBe(401)
  })

  it('refuses a second rotation of a rotated key with a 409 naming its successor, which it leaves the only one', async () => {
    const first = await createKey({ team_id: alphaId() })
    const second = (await gw.app.inject({ method: 'POST', url: `/admin/keys/${first.id}/rotate`, headers: admin, payload: { grace_seconds: 60 } })).json()
    const keysBefore = gw.store.keys.list().length
    const again = await gw.app.inject({ method: 'POST', url: `/admin/keys/${first.id}/rotate`, headers: admin, payload: { grace_seconds: 60 } })
    expect(gw.store.keys.list().length).toBe(keysBefore)
    expect([again.statusCode, again.json().error.code, again.json().error.param]).toEqual([409, 'key_already_rotated', 'id'])
    expect(again.json().error.message).toContain(`successor is "${second.id}"`)
    const alphaKeys = (await gw.app.inject({ method: 'GET', url: '/admin/keys', headers: admin })).json().data as Array<{ id: string; status: string; replaced_by: string | null }>
    expect(alphaKeys.find((k) => k.id === first.id)).toMatchObject({ status: 'deprecated', replaced_by: second.id })
  })

  it('gives each successor down a rotation chain the expiry the first key was issued with, never a grace-period end', async () => {
    const issuedExpiry = Math.floor(gw.clock.now() / 1000) + 90 * 86400
    const first = await createKey({ team_id: alphaId(), expires_at: issuedExpiry })
    const second = (await gw.app.inject({ method: 'POST', url: `/admin/keys/${first.id}/rotate`, headers: admin, payload: { grace_seconds: 60 } })).json()
    expect(second.expires_at).toBe(issuedExpiry)
    const third = (await gw.app.inject({ method: 'POST', url: `/admin/keys/${second.id}/rotate`, headers: admin, payload: { grace_seconds: 60 } })).json()
    expect(third.expires_at).toBe(issuedExpiry)
    gw.clock.advance(3600_000)
    expect((await models(first.key)).statusCode).toBe(401)
    expect((await models(second.key)).statusCode).toBe(401)
    expect((await models(third.key)).statusCode).toBe(200)

    // a key issued without expiry: its successors have none either
    const open = await createKey({ team_id: alphaId() })
    const next = (await gw.app.inject({ method: 'POST', url: `/admin/keys/${open.id}/rotate`, headers: admin, payload: { grace_seconds: 60 } })).json()
    const last = (await gw.app.inject({ method: 'POST', url: `/admin/keys/${next.id}/rotate`, headers: admin, payload: { grace_seconds: 60 } })).json()
    expect(last.expires_at).toBeNull()
    gw.clock.advance(86400_000)
    expect((await models(last.key)).statusCode).toBe(200)
  })

  it('refuses to rotate a revoked key, and names unknown ids', async () => {
    const k = await createKey({ team_id: alphaId() })
    await gw.app.inject({ method: 'POST', url: `/admin/keys/${k.id}/revoke`, headers: admin })
    const again = await gw.app.inject({ method: 'POST', url: `/admin/keys/${k.id}/rotate`, headers: admin })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toMatch(/revoked/)
    const missing = await gw.app.inject({ method: 'POST', url: '/admin/keys/nope/revoke', headers: admin })
    expect(missing.statusCode).toBe(404)
    const noOwner = await gw.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload: {} })
    expect(noOwner.statusCode).toBe(400)
    expect(noOwner.json().error.param).toBe('team_id')
  })

  it('gives a user key its team settings, and follows later changes to them', async () => {
    const userModels = async () => (await models(USER_KEY)).json().data.map((m: { id: string }) => m.id).sort()
    expect(await userModels()).toEqual(['claude-echo', 'gpt-echo', 'voice'])
    const team = await gw.app.inject({
      method: 'POST',
      url: '/admin/teams',
      headers: admin,
      payload: { name: 'gamma', models: ['voice'] },
    })
    const user = await gw.app.inject({ method: 'POST', url: '/admin/users', headers: admin, payload: { name: 'bo', team_id: team.json().id } })
    const boKey = await createKey({ user_id: user.json().id })
    const bo = await models(boKey.key)
    expect(bo.json().data.map((m: { id: string }) => m.id)).toEqual(['voice'])

    await gw.app.inject({ method: 'PATCH', url: `/admin/teams/${team.json().id}`, headers: admin, payload: { models: ['voice', 'gpt-echo'] } })
    const after = await models(boKey.key)
    expect(after.json().data.map((m: { id: string }) => m.id).sort()).toEqual(['gpt-echo', 'voice'])
  })
})
