import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, describe, expect, it } from 'vitest'
import { buildIfStale, gatewayBundle } from '../src/renderer/build-if-stale.mjs'
import { streamCompletion } from './support/fake-openai'
import { startFakeServer } from './support/fake-upstream'
import { listeningUrl } from './support/listening-url'

/**
 * `npm run serve` as package.json runs it (scripts/serve.mjs: the built bundle out/serve/cli.cjs, built first
 * when stale): the bundled gateway (Fastify, zod and yaml inside it) answers the official client's streamed
 * chat, and the MCP SDK it loads on first use answers an MCP client's first request, with nothing on stderr once
 * it listens.
 */
describe('npm run serve (the built bundle)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-serve-bundle-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers a streamed chat and MCP from out/serve/cli.cjs in plain node', async () => {
    const upstream = await startFakeServer((req, res) => streamCompletion(req, res, 0))
    const key = 'serve-bundle-team-key-0123456789'
    const config = join(dir, 'gatehouse.json')
    writeFileSync(config, JSON.stringify({ credits: 100, providers: [{ id: 'up', type: 'openai', base_url: `${upstream.url}/v1` }], models: [{ name: 'm', provider: 'up', upstream: 'm' }], teams: [{ name: 't', keys: [key] }] }))
    const child = spawn(process.execPath, ['scripts/serve.mjs', '--config', config, '--data-dir', join(dir, 'data'), '--port', '0'], { cwd: join(import.meta.dirname, '..') })
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    try {
      const url = await listeningUrl(child, 'serve')
      // What a stale bundle's rebuild printed before the gateway started is vite's; from here on stderr is the gateway's.
      stderr = ''

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

      // A route with a parameter, twice: the bundled router compiles each route's matchers on its first call
      // (vite.serve.config.ts), and the second request runs what the first compiled.
      for (const id of ['file-abc123', 'file-def456']) {
        const missing = await fetch(`${url}/v1/files/${id}`, { headers: { authorization: `Bearer ${key}` } })
        expect(missing.status).toBe(404)
        expect(await missing.text()).toContain(id)
      }

      // The web UI's files are served with their types (mime's tables load with the first file served).
      const script = /src="\.(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(import.meta.dirname, '..', 'out/renderer/index.html'), 'utf8'))![1]!
      const served = await fetch(`${url}${script}`)
      expect(served.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
      expect((await fetch(`${url}/favicon.ico`)).headers.get('content-type')).toBe('image/x-icon')
      expect(stderr).toBe('')
    } finally {
      child.kill('SIGTERM')
      await upstream.close()
    }
  }, 120_000)

  it('loads only the packages every start needs before it listens (upstream HTTP, OpenTelemetry, PostgreSQL, folder watching wait for first use), from a minified ASCII source', () => {
    expect(buildIfStale(gatewayBundle)).toBe(true)
    const gateway = join(import.meta.dirname, '..', 'out/serve/gateway.cjs')
    const atStart = requiredAtStart(gateway)
    expect(atStart.filter((id) => !id.startsWith('node:') && !builtinModules.includes(id))).toEqual(['better-sqlite3', 'sqlite-vec'])
    // Fastify's HTTP/2 and HTTPS servers, which the gateway never builds, load only if one is built.
    expect(atStart.filter((id) => id === 'node:http2' || id === 'node:https')).toEqual([])
    // zlib and readline, which only some requests use, are required where used.
    expect(atStart.filter((id) => id === 'node:zlib' || id === 'node:readline')).toEqual([])
    // glob, which @fastify/static runs only for a folder served without wildcard routes, is a chunk required on use.
    const source = readFileSync(gateway, 'utf8')
    const onFirstUse = [...source.matchAll(/\(\)=>require\("(\.\/[^"]+)"\)/g)].map(([, chunk]) => createRequire(gateway)(chunk!) as Record<string, unknown>)
    expect(onFirstUse.some((chunk) => typeof chunk.glob === 'function')).toBe(true)
    // Fastify's compilers (which zod routes never use) and inject()'s light-my-request are not bundled: required from
    // node_modules where first used. The chat parser's fast path is Ajv's generated code: no Ajv is loaded for it.
    for (const id of ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'light-my-request']) expect(source).toContain(`require("${id}")`)
    expect(source).not.toContain('"ajv"')
    expect(source).not.toContain('class Ajv')
    expect(source).toContain('require("node:zlib").createGunzip()')
    // V8 holds the source of a script with any character above Latin-1 at two bytes a character, and an ASCII file is
    // read without decoding UTF-8 (vite.serve.config.ts).
    expect(source.match(/[\u0080-\uffff]/)?.[0]).toBeUndefined()
    // Minified for the same reason (vite.serve.config.ts), with the names stack traces show kept.
    expect(source.split('\n').length).toBeLessThan(5000)
    expect(source).toContain('function buildGateway(')
  }, 120_000)
})

/**
 * What a CommonJS bundle file and the chunks it requires at its top level require when they run, packages and Node
 * built-ins: the minified bundle opens with the requires of its hoisted imports, `const a=require("x"),b=...;`,
 * before any other statement; what is loaded on first use is required inside a function further on.
 */
function requiredAtStart(file: string, seen = new Set<string>()): string[] {
  seen.add(file)
  const ids = new Set<string>()
  const requires = /^(?:(?:const|let|var) )?((?:[\w$]+=)?require\("[^"]+"\)(?:,(?:[\w$]+=)?require\("[^"]+"\))*);/
  let rest = readFileSync(file, 'utf8').replace(/^"use strict";/, '')
  for (let statement; (statement = requires.exec(rest)); rest = rest.slice(statement[0].length)) {
    for (const [, id] of statement[1]!.matchAll(/require\("([^"]+)"\)/g)) {
      const chunk = join(dirname(file), id!)
      if (!id!.startsWith('./')) ids.add(id!)
      else if (!seen.has(chunk)) for (const p of requiredAtStart(chunk, seen)) ids.add(p)
    }
  }
  return [...ids].sort()
}
