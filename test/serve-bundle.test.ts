import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, describe, expect, it } from 'vitest'
import { streamCompletion } from './support/fake-openai'
import { startFakeServer } from './support/fake-upstream'

/**
 * `npm run serve` as package.json runs it (scripts/serve.mjs: the built bundle out/serve/cli.js, built first
 * when stale): the bundled gateway (Fastify, zod and yaml inside it) answers the official client's streamed
 * chat, and the MCP SDK it loads on first use answers an MCP client's first request.
 */
describe('npm run serve (the built bundle)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-serve-bundle-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers a streamed chat and MCP from out/serve/cli.js in plain node', async () => {
    const upstream = await startFakeServer((req, res) => streamCompletion(req, res, 0))
    const key = 'serve-bundle-team-key-0123456789'
    const config = join(dir, 'gatehouse.json')
    writeFileSync(config, JSON.stringify({ credits: 100, providers: [{ id: 'up', type: 'openai', base_url: `${upstream.url}/v1` }], models: [{ name: 'm', provider: 'up', upstream: 'm' }], teams: [{ name: 't', keys: [key] }] }))
    const child = spawn(process.execPath, ['scripts/serve.mjs', '--config', config, '--data-dir', join(dir, 'data'), '--port', '0'], { cwd: join(import.meta.dirname, '..') })
    try {
      let out = ''
      let err = ''
      child.stderr.on('data', (d) => (err += d))
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d
          const m = /listening on (http:\/\/\S+)/.exec(out)
          if (m) resolve(m[1]!)
        })
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)))
      })

      const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: key, maxRetries: 0 })
      const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'one two' }] })
      let text = ''
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
      expect(text.trim()).toBe('echo: one two')

      const mcp = await fetch(`${url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'test', version: '1' } } }),
      })
      expect(mcp.status).toBe(200)
      expect(await mcp.text()).toContain('"name":"gatehouse"')
    } finally {
      child.kill('SIGTERM')
      await upstream.close()
    }
  }, 120_000)
})
