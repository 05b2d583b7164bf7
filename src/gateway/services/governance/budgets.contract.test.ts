import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin, OTHER_TEAM_KEY, TEAM_KEY, USER_KEY } from '../../../../test/support/harness'
import type { BudgetInfo } from '../../../shared/admin-wire'
import { budgetPeriod } from './budget-period'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness({
    teams: [
      { name: 'alpha', models: ['gpt-echo', 'claude-echo', 'voice'], keys: [TEAM_KEY], budget: { credits: 0.05, period: '1d' } },
      { name: 'beta', models: ['gpt-echo'], keys: [OTHER_TEAM_KEY] },
    ],
    users: [{ name: 'ana', team: 'beta', keys: [USER_KEY], budget: { credits: 0.01, period: 'month' } }],
  })
})
afterAll(async () => h.close())

const ask = (client: OpenAI, content: string) => client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content }] })
const budgets = async (): Promise<BudgetInfo[]> => (await h.gw.app.inject({ url: '/admin/budgets', headers: admin })).json().data

describe('a budget that renews', () => {
  it('answers 402 once a 1-day team budget is spent, says when it renews, and renews when the clock passes the day', async () => {
    h.gw.clock.set(Date.UTC(2026, 10, 22, 12))
    let answered = 0
    let refusal: unknown
    for (let i = 0; i < 20 && !refusal; i++) {
      try {
        await ask(h.client, `spend ${i} ${'words '.repeat(20)}`)
        answered++
      } catch (e) {
        refusal = e
      }
    }
    expect(answered).toBeGreaterThan(0)
    const err = refusal as InstanceType<typeof OpenAI.APIError>
    expect(err.status).toBe(402)
    expect(err.message).toMatch(/budget of team "alpha" is spent: [\d.]+ of 0\.05 credits for this 1d period\. It renews at 2026-11-23T00:00:00\.000Z/)

    const spent = (await budgets()).find((b) => b.scope === 'team' && b.name === 'alpha')!
    expect(spent).toMatchObject({ credits: 0.05, period: '1d', period_start: '2026-11-22T00:00:00.000Z', renews_at: '2026-11-23T00:00:00.000Z' })
    expect(spent.spent).toBeGreaterThanOrEqual(0.05)

    // Other teams are not held by it.
    await ask(new OpenAI({ baseURL: `${h.url}/v1`, apiKey: OTHER_TEAM_KEY, maxRetries: 0 }), 'beta is free')

    h.gw.clock.set(Date.UTC(2026, 10, 23, 0, 0, 1))
    await expect(ask(h.client, 'a new day')).resolves.toMatchObject({ object: 'chat.completion' })
    const renewed = (await budgets()).find((b) => b.name === 'alpha')!
    expect(renewed.renews_at).toBe('2026-11-24T00:00:00.000Z')
    expect(renewed.spent).toBeLessThan(0.05)
  })

  it('holds a user to a calendar-month budget on top of the team', async () => {
    const ana = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: USER_KEY, maxRetries: 0 })
    h.gw.clock.set(Date.UTC(2026, 10, 30, 23))
    let err: InstanceType<typeof OpenAI.APIError> | undefined
    for (let i = 0; i < 20 && !err; i++) err = await ask(ana, `ana ${i} ${'words '.repeat(20)}`).then(() => undefined, (e: InstanceType<typeof OpenAI.APIError>) => e)
    expect(err?.status).toBe(402)
    expect(err?.message).toMatch(/budget of user "ana" is spent: .* for this calendar month period\. It renews at 2026-12-01T00:00:00\.000Z/)
    h.gw.clock.set(Date.UTC(2026, 11, 1))
    await expect(ask(ana, 'december')).resolves.toMatchObject({ object: 'chat.completion' })
  })
})

describe('budget periods (UTC)', () => {
  const at = Date.UTC(2026, 10, 25, 15, 30) // a Wednesday
  it.each([
    ['1d', '2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z'],
    ['7d', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
    ['month', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
  ] as const)('%s', (period, start, end) => {
    const p = budgetPeriod(period, at)
    expect([new Date(p.start).toISOString(), new Date(p.end).toISOString()]).toEqual([start, end])
  })
  it('30d: blocks of 30 days, the same on every instance', () => {
    const p = budgetPeriod('30d', at)
    expect(p.end - p.start).toBe(30 * 86_400_000)
    expect(p.start <= at && at < p.end).toBe(true)
    expect(budgetPeriod('30d', p.end)).toEqual({ start: p.end, end: p.end + 30 * 86_400_000 })
  })
})
