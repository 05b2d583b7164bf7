import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer as createNetServer, connect } from 'node:net'
import { join } from 'node:path'
import getPort from 'get-port'
import OpenAI from 'openai'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { streamCompletion } from '../../../test/support/fake-openai'
import { stopChild } from '../../../test/support/child-processes'
import { startFakeServer } from '../../../test/support/fake-upstream'
import { listeningUrl } from '../../../test/support/listening-url'
import { serveArgv } from '../../../test/support/serve-child'
import { freshPostgresDatabase, testPostgres } from '../../../test/support/postgres'
import { useTempDirs } from '../../../test/support/temp-dirs'

// The tests run side by side (each on its own data dir and port), so a child still running is stopped
// when the file ends, not after its own test, where it would stop the others' children too; the temp
// dirs go once every child has exited.
const tempDir = useTempDirs('gh-cli-', { afterFile: true })
const children: ChildProcessWithoutNullStreams[] = []
afterAll(async () => {
  await Promise.all(children.splice(0).map((c) => stopChild(c)))
})

function serve(args: string[]) {
  const child = spawn(process.execPath, serveArgv(args), { cwd: process.cwd(), env: { ...process.env, GATEHOUSE_LOG_LEVEL: 'info' } })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (err += d))
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)))
  const listening = listeningUrl(child, 'serve')
  listening.catch(() => {}) // tests that expect an exit never await it
  return { child, exited, listening, output: () => out, errors: () => err }
}

const postgres = testPostgres()

// Each test starts `npm run serve` processes, whose start-up is CPU-bound: run side by side, they use the
// machine's cores instead of one.
describe.concurrent('npm run serve (cli.ts)', () => {
  it('stops with exit code 1 and one clear message on a bad config, never a stack trace', async () => {
    const dir = tempDir()
    const file = join(dir, 'bad.yaml')
    writeFileSync(file, 'providers:\n  - { id: a, type: openai, base_url: "http://127.0.0.1:1/v1" }\nmodels:\n  - { name: m, provider: x, upstream: y }\n')
    const run = serve(['--config', file, '--data-dir', join(dir, 'data'), '--port', '0'])
    expect(await run.exited).toBe(1)
    expect(run.errors()).toContain(`Invalid config ${file}:\n  models[0].provider: unknown provider "x" (known: "a")`)
    expect(run.errors()).not.toMatch(/\n\s+at /)
  })

  it('refuses a bad --port the same way', async () => {
    const run = serve(['--port', 'eighty', '--data-dir', join(tempDir(), 'data')])
    expect(await run.exited).toBe(1)
    expect(run.errors()).toMatch(/port: must be a whole number from 0 to 65535; got "eighty"/)
  })

  it.skipIf('skip' in postgres)('refuses a PostgreSQL start without the shared secrets, naming the flag', async () => {
    const db = await freshPostgresDatabase((postgres as { url: string }).url)
    try {
      const run = serve(['--database-url', db.url, '--data-dir', join(tempDir(), 'data'), '--port', '0'])
      expect(await run.exited).toBe(1)
      expect(run.errors()).toMatch(/so they need one admin token: give --admin-token-file FILE/)
    } finally {
      await db.drop()
    }
  })

  it('refuses a --database-url that is not PostgreSQL, and one it cannot reach naming the host, never the password', async () => {
    const bad = serve(['--database-url', 'mysql://db/gatehouse', '--data-dir', join(tempDir(), 'data')])
    expect(await bad.exited).toBe(1)
    expect(bad.errors()).toMatch(/--database-url: must be a postgres:\/\/ or postgresql:\/\/ URL/)
    const port = await getPort({ host: '127.0.0.1' })
    const unreachable = serve(['--database-url', `postgres://gh:hunter2-secret@127.0.0.1:${port}/gatehouse`, '--data-dir', join(tempDir(), 'data')])
    expect(await unreachable.exited).toBe(1)
    expect(unreachable.errors()).toContain(`cannot connect to PostgreSQL at 127.0.0.1:${port}/gatehouse`)
    expect(unreachable.errors() + unreachable.output()).not.toContain('hunter2')
    expect(unreachable.errors()).not.toMatch(/\n\s+at /)
  })

  it.skipIf('skip' in postgres)('--wait-for-store answers 503 on /health/ready until PostgreSQL is reachable, then serves', async () => {
    const db = await freshPostgresDatabase((postgres as { url: string }).url)
    const real = new URL(db.url)
    // The store's address leads nowhere until the test opens a relay from it to the real server.
    const relayPort = await getPort()
    const relay = createNetServer((client) => {
      const upstream = connect(Number(real.port), real.hostname)
      client.pipe(upstream).pipe(client)
      const end = () => (client.destroy(), upstream.destroy())
      client.on('error', end)
      upstream.on('error', end)
    })
    try {
      const secrets = tempDir()
      writeFileSync(join(secrets, 'admin-token'), 'shared-admin-token-0123456789abcdef')
      writeFileSync(join(secrets, 'secret.key'), Buffer.alloc(32, 9).toString('base64'))
      const port = await getPort()
      const url = `postgres://${real.username}@127.0.0.1:${relayPort}${real.pathname}`
      const run = serve(['--wait-for-store', '--database-url', url, '--data-dir', join(tempDir(), 'data'), '--port', String(port), '--admin-token-file', join(secrets, 'admin-token'), '--secret-key-file', join(secrets, 'secret.key')])
      const waiting = await vi.waitFor(
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/health/ready`)
          expect(res.status).toBe(503)
          return (await res.json()) as { problem: string }
        },
        { timeout: 20_000, interval: 200 },
      )
      expect(waiting.problem).toContain(`store_unreachable: store.url: cannot connect to PostgreSQL at 127.0.0.1:${relayPort}`)
      await new Promise<void>((resolve) => relay.listen(relayPort, '127.0.0.1', resolve))
      expect(await run.listening).toBe(`http://127.0.0.1:${port}`)
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200)
      run.child.kill('SIGTERM')
      expect(await run.exited).toBe(0)
    } finally {
      relay.close()
      await db.drop()
    }
  })

  it.skipIf('skip' in postgres)('serves with its state in PostgreSQL given --database-url, saying so without the password', async () => {
    const db = await freshPostgresDatabase((postgres as { url: string }).url)
    try {
      const url = db.url.replace('postgres@', 'postgres:hunter2-secret@')
      // A PostgreSQL store is shared: the admin token and the sealing key come from files every instance reads.
      const secrets = tempDir()
      writeFileSync(join(secrets, 'admin-token'), 'shared-admin-token-0123456789abcdef')
      writeFileSync(join(secrets, 'secret.key'), Buffer.alloc(32, 9).toString('base64'))
      const run = serve(['--database-url', url, '--data-dir', join(tempDir(), 'data'), '--port', '0', '--admin-token-file', join(secrets, 'admin-token'), '--secret-key-file', join(secrets, 'secret.key')])
      const base = await run.listening
      const key = await vi.waitFor(() => /\n {2}(gth-\S+)/.exec(run.output())![1]!)
      expect(run.output()).toMatch(/store: {4}PostgreSQL 127\.0\.0\.1:\d+\/gh_\w+/)
      const models = await new OpenAI({ apiKey: key, baseURL: `${base}/v1` }).models.list()
      expect(models.data.map((m) => m.id)).toContain('voice')
      expect(run.output() + run.errors()).not.toContain('hunter2')
      run.child.kill('SIGTERM')
      expect(await run.exited).toBe(0)
    } finally {
      await db.drop()
    }
  })

  it('prints its URL, answers /health, shows the first-run key once and never logs a key', async () => {
    const dataDir = join(tempDir(), 'data')
    const first = serve(['--data-dir', dataDir, '--port', '0'])
    const url = await first.listening
    expect((await fetch(`${url}/health`)).status).toBe(200)
    await new Promise((r) => setTimeout(r, 100))
    const key = /(gth-team-[\w-]{43})/.exec(first.output())![1]!
    expect(first.output().split(key)).toHaveLength(2)

    const created = await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}`, 'x-api-key': key } })
    expect(created.status).toBe(200)
    await fetch(`${url}/v1/models?key=${key}`, { headers: { 'x-svc-key': `${key}-wrong` } })
    await new Promise((r) => setTimeout(r, 200))
    expect(first.output()).toMatch(/"path":"\/v1\/models"/)
    expect(first.output().split(key)).toHaveLength(2)
    expect(first.errors()).not.toContain(key)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const second = serve(['--data-dir', dataDir, '--port', '0'])
    await second.listening
    await new Promise((r) => setTimeout(r, 100))
    expect(second.output()).not.toContain('gth-team-')
    expect(second.output()).not.toContain('First run')
  })

  it('owns its data dir: a second serve on it exits 1 naming the first one\'s URL, and starts once the first stopped', async () => {
    const dataDir = join(tempDir(), 'data')
    const first = serve(['--data-dir', dataDir, '--port', '0'])
    const url = await first.listening
    const second = serve(['--data-dir', dataDir, '--port', '0'])
    expect(await second.exited).toBe(1)
    expect(second.errors()).toContain(`already runs on the data dir ${dataDir}, at ${url}`)
    expect(second.errors()).not.toMatch(/\n\s+at /)
    expect((await fetch(`${url}/health`)).status).toBe(200)

    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const third = serve(['--data-dir', dataDir, '--port', '0'])
    await third.listening
  })

  it('lets a stream in flight finish when stopped with SIGTERM, then exits 0', async () => {
    const upstream = await startFakeServer((req, res) => streamCompletion(req, res, 150))
    try {
      const dir = tempDir()
      const config = join(dir, 'gatehouse.json')
      const key = 'cli-stop-team-key-0123456789'
      writeFileSync(config, JSON.stringify({ credits: 100, providers: [{ id: 'up', type: 'openai', base_url: `${upstream.url}/v1` }], models: [{ name: 'm', provider: 'up', upstream: 'm' }], teams: [{ name: 't', keys: [key] }] }))
      const run = serve(['--config', config, '--data-dir', join(dir, 'data'), '--port', '0'])
      const client = new OpenAI({ baseURL: `${await run.listening}/v1`, apiKey: key, maxRetries: 0 })
      const stream = await client.chat.completions.create({ model: 'm', stream: true, messages: [{ role: 'user', content: 'one two three four five six' }] })
      let text = ''
      for await (const chunk of stream) {
        if (text === '') run.child.kill('SIGTERM') // stop once, as soon as the answer has begun
        text += chunk.choices[0]?.delta.content ?? ''
        text ||= ' '
      }
      text = text.trim()
      expect(text).toBe('echo: one two three four five six')
      expect(await run.exited).toBe(0)
    } finally {
      await upstream.close()
    }
  })
})
