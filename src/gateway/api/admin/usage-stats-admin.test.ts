import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import { usageRow } from '../../../../test/support/usage-rows'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { UsagePage, UsageStats } from '../../../shared/usage-wire'

let gw: TestGateway
const HOUR = 3_600_000
const T0 = Date.UTC(2026, 10, 20, 9)

const row = (i: number, fields: Partial<UsageRow>): UsageRow =>
  usageRow(`req_test${String(i).padStart(4, '0')}`, { createdAt: T0, latencyMs: 100, completionTokens: 5, creditsMicro: 1_000_000, ...fields })

beforeAll(async () => {
  gw = await startTestGateway()
  const alpha = gw.store.teams.getByName('alpha')!.id
  const beta = gw.store.teams.getByName('beta')!.id
  const key = gw.store.keys.list().find((k) => k.teamId === alpha)!.id
  gw.store.transaction(() => {
    gw.store.usage.insert(row(1, { teamId: alpha, keyId: key, createdAt: T0, latencyMs: 100 }))
    gw.store.usage.insert(row(2, { teamId: alpha, keyId: key, createdAt: T0 + 10 * 60_000, latencyMs: 300, metadata: { project: 'harbour' } }))
    gw.store.usage.insert(row(3, { teamId: beta, createdAt: T0 + HOUR, modelName: 'claude-echo', requestedModel: 'claude-echo', creditsMicro: 2_500_000 }))
    gw.store.usage.insert(
      row(4, {
        teamId: alpha,
        keyId: key,
        createdAt: T0 + 2 * HOUR,
        status: 502,
        modelName: null,
        requestedModel: 'gpt-flaky',
        creditsMicro: 0,
        promptTokens: 0,
        completionTokens: 0,
        error: 'The provider "down" could not be reached (ECONNREFUSED).',
        attempts: [{ model: 'gpt-flaky', modelId: 'm1', status: 502, latencyMs: 3, error: 'ECONNREFUSED' }],
      }),
    )
  })
})
afterAll(async () => gw.close())

const get = async <T>(url: string): Promise<T> => {
  const res = await gw.app.inject({ method: 'GET', url, headers: admin })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

describe('GET /admin/usage/query', () => {
  it('filters by status, model, team, key, endpoint, metadata and date range', async () => {
    const ids = async (q: string) => (await get<UsagePage>(`/admin/usage/query?${q}`)).data.map((r) => r.id)
    expect(await ids('')).toEqual(['req_test0004', 'req_test0003', 'req_test0002', 'req_test0001'])
    expect(await ids('status=error')).toEqual(['req_test0004'])
    expect(await ids('status=ok&model=gpt-echo')).toEqual(['req_test0002', 'req_test0001'])
    expect(await ids('model=gpt-flaky')).toEqual(['req_test0004'])
    expect(await ids(`team_id=${gw.store.teams.getByName('beta')!.id}`)).toEqual(['req_test0003'])
    expect(await ids('metadata[project]=harbour')).toEqual(['req_test0002'])
    expect(await ids(`from=${(T0 + HOUR) / 1000}&to=${(T0 + 2 * HOUR) / 1000}`)).toEqual(['req_test0003'])
    expect(await ids('endpoint=audio.speech')).toEqual([])
    const failed = (await get<UsagePage>('/admin/usage/query?status=502')).data[0]!
    expect(failed.attempts).toEqual([{ model: 'gpt-flaky', model_id: 'm1', status: 502, latency_ms: 3, error: 'ECONNREFUSED' }])
    expect(failed.error).toContain('could not be reached')
  })

  it('pages with a cursor, never repeating or skipping a row', async () => {
    const first = await get<UsagePage>('/admin/usage/query?limit=3')
    expect(first.has_more).toBe(true)
    const second = await get<UsagePage>(`/admin/usage/query?limit=3&before=${encodeURIComponent(first.next_before!)}`)
    expect([...first.data, ...second.data].map((r) => r.id)).toEqual(['req_test0004', 'req_test0003', 'req_test0002', 'req_test0001'])
    expect([second.has_more, second.next_before]).toEqual([false, null])
  })

  it('refuses a bad filter naming it', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/admin/usage/query?status=sometimes', headers: admin })
    expect([res.statusCode, res.json().error.param]).toEqual([400, 'status'])
  })
})

describe('GET /admin/usage/stats and /admin/usage/export', () => {
  it('adds up totals and buckets requests, tokens, credits and latency per hour and model', async () => {
    const stats = await get<UsageStats>('/admin/usage/stats?bucket=hour&group_by=model')
    expect(stats.totals).toMatchObject({ requests: 4, errors: 1, prompt_tokens: 30, completion_tokens: 15, credits: 4.5 })
    expect(stats.groups.map((g) => g.label).sort()).toEqual(['claude-echo', 'gpt-echo', 'gpt-flaky'])
    expect(stats.points[0]).toEqual({ t: T0 / 1000, group: 'gpt-echo', requests: 2, errors: 0, tokens: 30, credits: 2, latency_ms: 200 })
    expect(stats.points.find((p) => p.group === 'gpt-flaky')).toMatchObject({ t: (T0 + 2 * HOUR) / 1000, errors: 1 })
  })

  it('names teams and keys in a series grouped by them', async () => {
    const byTeam = await get<UsageStats>('/admin/usage/stats?bucket=day&group_by=team')
    expect(byTeam.groups.map((g) => g.label).sort()).toEqual(['alpha', 'beta'])
    expect(byTeam.points.reduce((n, p) => n + p.requests, 0)).toBe(4)
    const byKey = await get<UsageStats>('/admin/usage/stats?group_by=key')
    expect(byKey.groups.map((g) => g.label)).toContain('(no key)')
  })

  it('exports the filtered log as CSV with a header, quoting what needs it', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/admin/usage/export?status=error', headers: admin })
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = res.payload.trim().split('\n')
    expect(lines[0]).toMatch(/^created_at,id,endpoint,/)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('req_test0004')
    expect(lines[1]).toContain('"The provider ""down"" could not be reached (ECONNREFUSED)."')
  })
})

describe('POST /admin/credits', () => {
  it('refuses to take the balance below zero unless allow_negative is sent', async () => {
    const post = (body: unknown) => gw.app.inject({ method: 'POST', url: '/admin/credits', headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify(body) })
    const balance = (await get<{ balance: number }>('/admin/credits')).balance
    const refused = await post({ add: -(balance + 5) })
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'balance_below_zero'])
    expect((await get<{ balance: number }>('/admin/credits')).balance).toBe(balance)
    expect((await post({ add: -1 })).json()).toEqual({ balance: balance - 1 })
    expect((await post({ add: -(balance + 5), allow_negative: true })).json()).toEqual({ balance: -6 })
  })
})
