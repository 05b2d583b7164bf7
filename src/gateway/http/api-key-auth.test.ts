import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { admin, bearer, OTHER_TEAM_KEY, startTestGateway, TEAM_KEY, type TestGateway } from '../../../test/support/harness'

let gw: TestGateway
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => gw.close())

const modelIds = (body: string) => (JSON.parse(body) as { data: { id: string }[] }).data.map((m) => m.id).sort()
const get = (headers: Record<string, string>) => gw.app.inject({ method: 'GET', url: '/v1/models', headers })

describe('API key headers (spec 5)', () => {
  it('accepts Authorization: Bearer, X-Api-Key and X-Svc-Key', async () => {
    for (const headers of [bearer(TEAM_KEY), { 'x-api-key': TEAM_KEY }, { 'x-svc-key': TEAM_KEY }] as Record<string, string>[]) {
      const res = await get(headers)
      expect(res.statusCode, JSON.stringify(Object.keys(headers))).toBe(200)
      expect(modelIds(res.body)).toEqual(['claude-echo', 'gpt-echo', 'voice'])
    }
  })

  it('lets X-Svc-Key win over X-Api-Key when both are sent', async () => {
    const svcWins = await get({ 'x-svc-key': OTHER_TEAM_KEY, 'x-api-key': TEAM_KEY })
    expect(modelIds(svcWins.body)).toEqual(['voice'])
    const stillSvc = await get({ 'x-svc-key': TEAM_KEY, 'x-api-key': 'not-a-key-at-all-000000' })
    expect(stillSvc.statusCode).toBe(200)
    expect(modelIds(stillSvc.body)).toHaveLength(3)
  })

  it('prefers either key header over Authorization', async () => {
    const res = await get({ ...bearer(TEAM_KEY), 'x-api-key': OTHER_TEAM_KEY })
    expect(modelIds(res.body)).toEqual(['voice'])
  })
})

describe('401 reasons', () => {
  const expect401 = async (headers: Record<string, string>, code: string, fragment: RegExp) => {
    const res = await get(headers)
    expect(res.statusCode).toBe(401)
    const body = res.json()
    expect(body.error).toMatchObject({ type: 'authentication_error', code, param: null })
    expect(body.error.message).toMatch(fragment)
  }

  it('says a key is missing, including an empty Bearer', async () => {
    await expect401({}, 'missing_api_key', /No API key was sent/)
    await expect401({ authorization: 'Bearer   ' }, 'missing_api_key', /No API key was sent/)
    await expect401({ authorization: `Basic ${TEAM_KEY}` }, 'missing_api_key', /Authorization: Bearer/)
  })

  it('says a key is unknown, without echoing it', async () => {
    const res = await get(bearer('gth-team-doesnotexist0000000000000'))
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('invalid_api_key')
    expect(res.body).not.toContain('doesnotexist')
  })

  it('says a key was revoked', async () => {
    const created = await gw.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload: { team_id: gw.store.teams.getByName('alpha')!.id } })
    const { id, key } = created.json()
    expect((await get(bearer(key))).statusCode).toBe(200)
    await gw.app.inject({ method: 'POST', url: `/admin/keys/${id}/revoke`, headers: admin })
    await expect401(bearer(key), 'revoked_api_key', /revoked on 2026-11-22/)
  })

  it('says a key expired, for a key issued with an expiry', async () => {
    const expiresAt = Math.floor(gw.clock.now() / 1000) + 60
    const created = await gw.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload: { team_id: gw.store.teams.getByName('alpha')!.id, expires_at: expiresAt } })
    const { key } = created.json()
    expect((await get(bearer(key))).statusCode).toBe(200)
    gw.clock.advance(61_000)
    await expect401(bearer(key), 'expired_api_key', /issued with that expiry/)
  })
})
