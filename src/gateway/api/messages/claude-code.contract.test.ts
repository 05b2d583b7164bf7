import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { startFakeAnthropic } from '../../../../test/support/fake-anthropic'
import { startFakeOpenAi } from '../../../../test/support/fake-openai'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { baseConfigData, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'
import { realClientBin } from '../../../../test/support/real-clients'

/**
 * Claude Code itself (`claude -p`), pointed at the gateway with a gateway key and no flags for the
 * model: a wildcard alias `claude-*` sends whatever model it asks for to the model the gateway chose.
 * A local model needs more context than the 2,048-token test model has for Claude Code's prompt, so the
 * local path is tested with the Anthropic SDK instead (local-messages.contract.test.ts).
 */
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

async function gatewayWith(model: Record<string, unknown>, provider: Record<string, unknown>): Promise<{ gw: TestGateway; url: string }> {
  const gw = await startTestGateway({
    configData: baseConfigData({ providers: [provider], models: [{ ...model, aliases: ['claude-*'] }], teams: [{ name: 'alpha', keys: [TEAM_KEY] }], users: [] }),
  })
  const url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  cleanups.push(() => gw.close())
  return { gw, url }
}

async function runClaude(baseUrl: string, prompt: string) {
  const home = mkdtempSync(join(tmpdir(), 'gh-claude-home-'))
  cleanups.push(() => rmSync(home, { recursive: true, force: true }))
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: TEAM_KEY,
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  }
  return promisify(execFile)(realClientBin('claude'), ['-p', prompt, '--output-format', 'json'], { env, cwd: home, timeout: 150_000 })
}

const upstreams: FakeServer[] = []
afterAll(async () => {
  for (const u of upstreams) await u.close()
})

// Each test has its own gateway, upstream and HOME; Claude Code's start-up is CPU-bound, so they run side by side.
describe.concurrent('Claude Code through the gateway', () => {
  it('finishes a one-turn task on an Anthropic-type model', async () => {
    const anthropic = await startFakeAnthropic()
    upstreams.push(anthropic)
    const { gw, url } = await gatewayWith({ name: 'house-claude', provider: 'up-anthropic', upstream: 'claude-haiku-4-5' }, { id: 'up-anthropic', type: 'anthropic', base_url: anthropic.url, api_key: 'sk-ant-upstream-secret' })
    const { stdout } = await runClaude(url, 'Say hello to the gateway')
    const result = JSON.parse(stdout) as { is_error: boolean; result: string }
    expect(result.is_error).toBe(false)
    expect(result.result).toContain('claude:')
    expect(anthropic.requests.some((r) => r.url.endsWith('/v1/messages'))).toBe(true)
    // Claude Code 2.1 puts system turns inside messages; they reach an Anthropic model as sent.
    expect(anthropic.requests.some((r) => r.raw.toString('utf8').includes('"role":"system"'))).toBe(true)
    expect(gw.store.usage.list({ limit: 50 }).some((r) => r.endpoint === 'messages' && r.status === 200 && r.modelName === 'house-claude')).toBe(true)
  }, 180_000)

  it('finishes a one-turn task on an OpenAI-type model', async () => {
    const openai = await startFakeOpenAi()
    upstreams.push(openai)
    const { gw, url } = await gatewayWith({ name: 'house-gpt', provider: 'up', upstream: 'gpt-4o-mini' }, { id: 'up', type: 'openai', base_url: `${openai.url}/v1`, api_key: 'sk-upstream-secret-openai' })
    const { stdout } = await runClaude(url, 'Say hello to the gateway')
    const result = JSON.parse(stdout) as { is_error: boolean; result: string }
    expect(result.is_error).toBe(false)
    expect(result.result).toContain('echo:')
    expect(openai.requests.some((r) => r.url.endsWith('/chat/completions'))).toBe(true)
    expect(gw.store.usage.list({ limit: 50 }).some((r) => r.endpoint === 'messages' && r.status === 200 && r.modelName === 'house-gpt')).toBe(true)
  }, 180_000)
})
