import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configProblems } from '../../../../test/support/config-problems'
import { admin, baseConfigData, bearer, startTestGateway, TEAM_KEY, USER_KEY, type TestGateway } from '../../../../test/support/harness'

const teams = (extra: Record<string, unknown>) => [{ name: 'alpha', models: ['gpt-echo'], ...extra }]

describe('limits in the config file', () => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await startTestGateway({
      configData: baseConfigData({
        teams: [{ name: 'alpha', models: ['gpt-echo'], keys: [{ key: TEAM_KEY, rpm_limit: 2 }], tpm_limit: 50_000, model_limits: { 'gpt-echo': { rpm_limit: 100 } }, keep_content: false }],
        users: [{ name: 'ana', team: 'alpha', keys: [USER_KEY], budget: { credits: 5, period: '7d' } }],
      }),
    })
  })
  afterAll(async () => gw.close())

  it('gives keys, users and teams the limits the file writes, shown by the admin API', async () => {
    const keys = (await gw.app.inject({ url: '/admin/keys', headers: admin })).json().data as Array<{ kind: string; rpm_limit: number | null }>
    expect(keys.find((k) => k.kind === 'team')).toMatchObject({ rpm_limit: 2, tpm_limit: null, budget: null })
    const [team] = (await gw.app.inject({ url: '/admin/teams', headers: admin })).json().data
    expect(team).toMatchObject({ rpm_limit: null, tpm_limit: 50_000, keep_content: false, local_only: false, model_limits: { 'gpt-echo': { rpm_limit: 100, tpm_limit: null } } })
    const [user] = (await gw.app.inject({ url: '/admin/users', headers: admin })).json().data
    expect(user).toMatchObject({ budget: { credits: 5, period: '7d' } })
  })

  it('holds a key of the file to its own limit, before the upstream is tried', async () => {
    const send = () => gw.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: bearer(TEAM_KEY), payload: { model: 'gpt-echo', messages: [{ role: 'user', content: 'hi' }] } })
    const first = await send()
    // The upstream of this gateway cannot be reached; the answer still says what is left.
    expect(first.headers['x-ratelimit-limit-requests']).toBe('2')
    expect(first.headers['x-ratelimit-remaining-requests']).toBe('1')
    await send()
    const third = await send()
    expect(third.statusCode).toBe(429)
    expect(third.json().error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error' })
    expect(third.json().error.message).toMatch(/on key \(.*\): limit 2 \(rpm_limit\)/)
  })
})

describe('config refusals name the field and the fix', () => {
  it.each([
    [{ teams: teams({ model_limits: { nope: { rpm_limit: 1 } } }), users: [] }, /^teams\[0\]\.model_limits\.nope: unknown model "nope"/],
    [{ teams: teams({ budget: { credits: 5, period: 'weekly' } }), users: [] }, /^teams\[0\]\.budget\.period: must be one of "1d", "7d", "30d", "month"; got string "weekly"/],
    [{ teams: teams({ rpm_limit: 0 }), users: [] }, /^teams\[0\]\.rpm_limit: /],
    [{ teams: teams({ keys: [{ key: 'short', rpm_limit: 1 }] }), users: [] }, /^teams\[0\]\.keys\[0\]/],
  ])('%#', (overrides, problem) => {
    expect(configProblems(baseConfigData(overrides)).join('\n')).toMatch(problem)
  })
})
