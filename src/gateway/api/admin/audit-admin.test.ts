import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import type { AuditEntry } from '../../../shared/admin-wire'

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => gw.close())

const call = async (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: unknown) => {
  const res = await gw.app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) })
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res
}

describe('the audit log', () => {
  let teamId: string
  let plaintextKey: string
  beforeAll(async () => {
    teamId = (await call('POST', '/admin/teams', { name: 'delta', models: ['gpt-echo'], rpm_limit: 10 })).json().id
    gw.clock.advance(1000)
    await call('PATCH', `/admin/teams/${teamId}`, { rpm_limit: 20, budget: { credits: 5, period: 'month' }, keep_content: false })
    gw.clock.advance(1000)
    const key = (await call('POST', '/admin/keys', { team_id: teamId, name: 'ci' })).json()
    plaintextKey = key.key
    gw.clock.advance(1000)
    await call('PATCH', `/admin/keys/${key.id}`, { rpm_limit: 5 })
    gw.clock.advance(1000)
    await call('PUT', '/admin/settings/ollama-keyless', { enabled: false, creditCeiling: 1 })
    gw.clock.advance(1000)
    await call('POST', '/admin/credits', { add: 25 })
    gw.clock.advance(1000)
    await call('POST', '/admin/providers', { id: 'extra', type: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-extra-provider-secret' })
    gw.clock.advance(1000)
    await call('DELETE', `/admin/teams/${teamId}`)
    // A refused change is no change.
    expect((await gw.app.inject({ method: 'PATCH', url: '/admin/teams/nope', headers: admin, payload: { rpm_limit: 1 } })).statusCode).toBe(404)
  })

  it('lists every admin change newest first, with who, when, and the object before and after', async () => {
    const { data } = (await call('GET', '/admin/audit')).json() as { data: AuditEntry[] }
    expect(data.map((e) => [e.action, e.target_kind])).toEqual([
      ['delete', 'teams'],
      ['create', 'providers'],
      ['create', 'credits'],
      ['update', 'settings'],
      ['update', 'keys'],
      ['create', 'keys'],
      ['update', 'teams'],
      ['create', 'teams'],
    ])
    expect(data.every((e) => e.actor === 'admin-token')).toBe(true)
    const update = data[6]!
    expect(update.target_id).toBe(teamId)
    expect(update.at).toBe(data[7]!.at + 1000)
    expect(update.before).toMatchObject({ name: 'delta', governance: { rpmLimit: 10, budget: null } })
    expect(update.after).toMatchObject({ rpm_limit: 20, budget: { credits: 5, period: 'month' }, keep_content: false })
    expect(data[0]!.before).toMatchObject({ id: teamId, name: 'delta' })
    expect(data[3]).toMatchObject({ target_id: 'ollama-keyless', after: { enabled: false } })
    expect(data[4]).toMatchObject({ before: { governance: null }, after: { rpm_limit: 5 } })
  })

  it('never keeps a secret: an issued key or a provider key is replaced', async () => {
    const jsonl = (await call('GET', '/admin/audit?format=jsonl')).body
    expect(jsonl).not.toContain(plaintextKey)
    expect(jsonl).not.toContain('sk-extra-provider-secret')
    expect(jsonl).toContain('[redacted]')
  })

  it('pages and filters', async () => {
    const first = (await call('GET', '/admin/audit?limit=2')).json()
    expect(first.has_more).toBe(true)
    const next = (await call('GET', `/admin/audit?limit=2&after=${first.data[1].id}`)).json()
    expect(next.data.map((e: AuditEntry) => e.target_kind)).toEqual(['credits', 'settings'])
    const teams = (await call('GET', '/admin/audit?target_kind=teams')).json().data as AuditEntry[]
    expect(teams.map((e) => e.action)).toEqual(['delete', 'update', 'create'])
  })

  it('exports as CSV and JSON Lines, as downloads', async () => {
    const csv = await call('GET', '/admin/audit?format=csv&target_kind=teams')
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.headers['content-disposition']).toBe('attachment; filename="gatehouse-audit.csv"')
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('id,time,actor,action,target_kind,target_id,before,after')
    expect(lines).toHaveLength(4)
    expect(lines[2]).toMatch(/^[^,]+,2026-11-22T12:00:01\.000Z,admin-token,update,teams,/)
    const jsonl = await call('GET', '/admin/audit?format=jsonl')
    expect(jsonl.headers['content-type']).toMatch(/^application\/x-ndjson/)
    const entries = jsonl.body.trimEnd().split('\n').map((l) => JSON.parse(l) as AuditEntry)
    expect(entries).toHaveLength(8)
  })
})
