import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin, OTHER_TEAM_KEY, settledUsageRow, TEAM_KEY } from '../../../../test/support/harness'
import { createLogger } from '../../kernel/logging'

const GAMMA_KEY = 'team-gamma-key-0123456789abcdef'
const logDir = mkdtempSync(join(tmpdir(), 'gatehouse-policy-log-'))
let h: ChatHarness
beforeAll(async () => {
  const logger = createLogger({ level: 'debug', stream: pino.destination({ dest: join(logDir, 'gateway.log'), sync: true }) })
  h = await startChatHarness(
    {
      teams: [
        { name: 'alpha', models: ['gpt-echo', 'claude-echo'], keys: [TEAM_KEY], keep_content: false },
        { name: 'beta', models: ['gpt-echo', 'claude-echo', 'voice'], fallbacks: { voice: ['gpt-echo'] }, keys: [OTHER_TEAM_KEY], local_only: true },
        { name: 'gamma', models: ['gpt-echo'], keys: [GAMMA_KEY] },
      ],
      users: [],
    },
    {},
    logger,
  )
})
afterAll(async () => {
  await h.close()
  rmSync(logDir, { recursive: true, force: true })
})

/** Every file under a directory, with its contents. */
const filesUnder = (dir: string): Array<{ path: string; bytes: Buffer }> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }]
  })
const filesHolding = (text: string) => [...filesUnder(h.gw.dataDir), ...filesUnder(logDir)].filter((f) => f.bytes.includes(text)).map((f) => f.path)

describe('local_only', () => {
  it("refuses a local_only team's request for an upstream model with 403 naming the policy, before anything reaches the upstream", async () => {
    const beta = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: OTHER_TEAM_KEY, maxRetries: 0 })
    const err = (await beta.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'stay home' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>
    expect(err.status).toBe(403)
    expect(err.code).toBe('data_policy_local_only')
    expect(err.message).toMatch(/Team "beta" has the data policy local_only.*"gpt-echo" runs on the upstream provider "up-openai"/)

    const anthropic = new Anthropic({ baseURL: h.url, apiKey: OTHER_TEAM_KEY, maxRetries: 0 })
    const refused = (await anthropic.messages.create({ model: 'claude-echo', max_tokens: 10, messages: [{ role: 'user', content: 'stay home' }] }).catch((e: unknown) => e)) as InstanceType<typeof Anthropic.APIError>
    expect(refused.status).toBe(403)
    expect(refused.message).toMatch(/local_only/)

    expect(h.openai.requests).toHaveLength(0)
    expect(h.anthropic.requests).toHaveLength(0)
  })

  it('shows the policy in the admin API', async () => {
    const teams = (await h.gw.app.inject({ url: '/admin/teams', headers: admin })).json().data as Array<{ name: string; local_only: boolean; keep_content: boolean }>
    expect(teams.map((t) => [t.name, t.local_only, t.keep_content])).toEqual([
      ['alpha', false, false],
      ['beta', true, true],
      ['gamma', false, true],
    ])
  })
})

describe('keep_content: false', () => {
  it("keeps the team's prompt text nowhere in the data dir or the logs: usage rows, stored completions, stored responses", async () => {
    const secret = 'zebra-quartz-7731 is the secret prompt'
    const control = 'okapi-basalt-4410 is a kept prompt'
    const gamma = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: GAMMA_KEY, maxRetries: 0 })
    const ids: Array<string | null> = []

    const chat = await h.client.chat.completions.create({ model: 'gpt-echo', store: true, messages: [{ role: 'user', content: `chat: ${secret}` }] }).withResponse()
    ids.push(chat.response.headers.get('x-request-id'))
    const stream = await h.client.chat.completions.create({ model: 'gpt-echo', store: true, stream: true, messages: [{ role: 'user', content: `stream: ${secret}` }] }).withResponse()
    for await (const _ of stream.data) void _
    ids.push(stream.response.headers.get('x-request-id'))
    const response = await h.client.responses.create({ model: 'gpt-echo', input: `responses: ${secret}` }).withResponse()
    ids.push(response.response.headers.get('x-request-id'))
    expect((response.data as { store?: boolean }).store).toBe(false)
    await expect(h.client.responses.retrieve(response.data.id)).rejects.toMatchObject({ status: 404 })
    // An upstream that quotes the prompt in its error: the usage row keeps the status, not the text.
    h.openai.failNext(400, { error: { message: `Invalid content: failing ${secret}` } })
    const failed = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: `failing ${secret}` }] }).catch((e: InstanceType<typeof OpenAI.APIError>) => e)
    expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(400)
    // A 5xx is logged, without its text for this team.
    h.openai.failNext(503, { error: { message: `Overloaded while reading: failing ${secret}` } })
    const overloaded = await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: `overloaded ${secret}` }] }).catch((e: InstanceType<typeof OpenAI.APIError>) => e)
    expect((overloaded as InstanceType<typeof OpenAI.APIError>).status).toBe(502)

    const kept = await gamma.chat.completions.create({ model: 'gpt-echo', store: true, messages: [{ role: 'user', content: control }] }).withResponse()
    ids.push(kept.response.headers.get('x-request-id'))
    await gamma.responses.create({ model: 'gpt-echo', input: control })
    for (const id of ids) await settledUsageRow(h.gw.store, id)
    expect(h.gw.store.usage.list({ limit: 100 }).filter((r) => r.teamId === h.gw.store.teams.getByName('alpha')!.id)).toHaveLength(5)
    expect(readFileSync(join(logDir, 'gateway.log'), 'utf8')).toMatch(/"status":502.*request failed/)

    // The answers reached the client (the fake echoes the prompt) and the upstream saw it.
    expect(chat.data.choices[0]!.message.content).toContain(secret)
    const stored = await h.gw.app.inject({ url: '/admin/completions', headers: admin })
    expect(stored.body).toContain(control)
    expect(stored.body).not.toContain(secret)
    expect(filesHolding(control).length).toBeGreaterThan(0)
    expect(filesHolding('zebra-quartz-7731')).toEqual([])
  })
})
