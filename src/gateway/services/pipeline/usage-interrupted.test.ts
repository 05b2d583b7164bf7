import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi, streamCompletion } from '../../../../test/support/fake-openai'
import { stopChild } from '../../../../test/support/child-processes'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { TEAM_KEY } from '../../../../test/support/harness'
import { startGateway } from '../../boot/start-gateway'
import { resolveConfig } from '../../config/load-config'

/**
 * A request's usage row is written when it starts and completed when it ends, so a gateway killed
 * mid-stream (kill -9: no shutdown of any kind) leaves a row for a request the upstream was serving,
 * marked `interrupted` at the next start.
 */
let upstream: FakeServer
let dataDir: string
beforeAll(async () => {
  upstream = await startFakeOpenAi()
  dataDir = mkdtempSync(join(tmpdir(), 'gh-interrupted-'))
})
afterAll(async () => {
  await upstream.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(`${dataDir}.json`, { force: true })
})

describe('a gateway killed during a stream', () => {
  it('leaves a started row, marked interrupted at the next start', async () => {
    const configData = {
      credits: 100,
      providers: [{ id: 'up', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-up' }],
      models: [{ name: 'gpt-echo', provider: 'up', upstream: 'gpt-4o-mini', pricing: { input: 1, output: 1 } }],
      teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
    }
    writeFileSync(`${dataDir}.json`, JSON.stringify(configData))
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/gateway-on-data-dir.ts', `${dataDir}.json`, dataDir], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (d) => {
        out += d
        const m = /listening on (\S+)/.exec(out)
        if (m) resolve(m[1]!)
      })
      child.once('exit', (code) => reject(new Error(`the gateway exited ${code}`)))
    })
    // a slow stream: one word every 200 ms
    upstream.next(async (req, res) => {
      await streamCompletion(req, res, 200)
      return true
    })
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', messages: [{ role: 'user', content: 'a long story about a lighthouse keeper' }], stream: true }),
    })
    const reader = res.body!.getReader()
    let seen = ''
    while (!seen.includes('lighthouse')) seen += new TextDecoder().decode((await reader.read()).value)
    await stopChild(child, 'SIGKILL')
    await reader.cancel().catch(() => undefined)

    const again = await startGateway({ config: resolveConfig({ ...configData, server: { port: 0 } }, 'test', {}), dataDir, env: {}, lockOwner: false })
    try {
      const rows = again.store.usage.list({ limit: 10 })
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ endpoint: 'chat.completions', requestedModel: 'gpt-echo', state: 'interrupted' })
      expect(rows[0]!.error).toMatch(/stopped before the request ended/)
    } finally {
      await again.close()
    }
  })
})
