import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI, { toFile } from 'openai'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { completionFor } from '../../../test/support/fake-openai'
import { startFakeServer, type FakeServer } from '../../../test/support/fake-upstream'
import { listeningUrl } from '../../../test/support/listening-url'
import { serveArgv } from '../../../test/support/serve-child'
import { freshPostgresDatabase, testPostgres } from '../../../test/support/postgres'
import type { ClusterStatus } from '../../shared/cluster-wire'

const SETTLED_USAGE = "SELECT count(*) AS n, COALESCE(SUM(credits_micro), 0) AS micro FROM usage_log WHERE state <> 'started'"

/**
 * Issue 26's chaos test: three `npm run serve` processes on one PostgreSQL database and one blob dir,
 * behind no proxy (each is called directly). Upstream: a fake OpenAI whose answers use exactly
 * `max_tokens` output tokens, so each request costs its whole hold.
 */
const postgres = testPostgres()
// One dir for the whole file (the instances outlive each test): the blob dir, the secrets, each instance's data dir.
const dir = mkdtempSync(join(tmpdir(), 'gh-chaos-'))
const ADMIN_TOKEN = randomBytes(24).toString('base64url')
const TEAM_KEY = 'team-alpha-key-chaos-0123456789abcdef'
const PRICE_PER_TOKEN = 1 // credits per output token
const MAX_TOKENS = 10
const BUDGET = 100 * MAX_TOKENS * PRICE_PER_TOKEN // fits 100 requests

interface Instance {
  child: ChildProcessWithoutNullStreams
  url: string
  id: string
  exited: Promise<unknown>
}

let upstream: FakeServer
let db: { url: string; drop: () => Promise<void> }
let sql: pg.Client
const instances: Instance[] = []
const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }

async function serve(args: string[]): Promise<Instance> {
  const child = spawn(process.execPath, serveArgv(args), { cwd: process.cwd(), env: { ...process.env, GATEHOUSE_LOG_LEVEL: 'error' } })
  if (process.env.CHAOS_DEBUG) for (const s of [child.stderr, child.stdout]) s.on('data', (d) => process.stderr.write(`[${child.pid}] ${d}`))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const url = await listeningUrl(child, 'serve')
  const status = (await (await fetch(`${url}/admin/cluster`, { headers: adminHeaders })).json()) as ClusterStatus
  return { child, url, id: status.instance_id, exited }
}

const client = (i: Instance, key = TEAM_KEY) => new OpenAI({ apiKey: key, baseURL: `${i.url}/v1`, maxRetries: 0 })
const ask = (i: Instance, key: string, content = 'hi') => fetch(`${i.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-echo', max_tokens: MAX_TOKENS, messages: [{ role: 'user', content }] }) })
/** Polls `probe` until it gives a value. */
async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await sql.query<T>(text, values)).rows[0]!

describe.skipIf('skip' in postgres)(`three gateways on one PostgreSQL and one blob dir${'skip' in postgres ? ` (${postgres.skip})` : ''}`, () => {
  beforeAll(async () => {
    upstream = await startFakeServer(async (req, res) => {
      const text = JSON.stringify(req.json.messages ?? '')
      if (text.includes('hang')) {
        // a stream that never ends: it is cut by the kill
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'still ' }, finish_reason: null }] })}\n\n`)
        return
      }
      if (text.includes('slow')) await new Promise((r) => setTimeout(r, 150))
      const body = completionFor(req)
      const max = ((req.json.max_tokens ?? req.json.max_completion_tokens) as number | undefined) ?? 5
      body.usage = { ...body.usage, prompt_tokens: 5, completion_tokens: max, total_tokens: 5 + max }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
    db = await freshPostgresDatabase((postgres as { url: string }).url)
    sql = new pg.Client({ connectionString: db.url })
    await sql.connect()
    writeFileSync(join(dir, 'admin-token'), ADMIN_TOKEN)
    writeFileSync(join(dir, 'secret.key'), randomBytes(32).toString('base64'))
    const config = join(dir, 'gatehouse.json')
    writeFileSync(
      config,
      JSON.stringify({
        credits: BUDGET,
        providers: [{ id: 'up', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-chaos' }],
        models: [{ name: 'gpt-echo', provider: 'up', upstream: 'gpt-4o-mini', pricing: { input: 0, output: PRICE_PER_TOKEN * 1_000_000 } }],
        teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
      }),
    )
    const common = ['--config', config, '--database-url', db.url, '--blob-dir', join(dir, 'blobs'), '--admin-token-file', join(dir, 'admin-token'), '--secret-key-file', join(dir, 'secret.key'), '--port', '0']
    instances.push(...(await Promise.all([1, 2, 3].map((n) => serve([...common, '--data-dir', join(dir, `data-${n}`)])))))
  })

  afterAll(async () => {
    for (const i of instances) i.child.kill('SIGKILL')
    await Promise.all(instances.map((i) => i.exited))
    await sql?.end()
    await db?.drop()
    await upstream?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('lists the three as live, on PostgreSQL, with no password shown', async () => {
    const status = (await (await fetch(`${instances[1]!.url}/admin/cluster`, { headers: adminHeaders })).json()) as ClusterStatus
    expect(status.shared).toBe(true)
    expect(status.store).toMatchObject({ engine: 'postgres', host: '127.0.0.1' })
    expect(status.instances.map((i) => i.id).sort()).toEqual(instances.map((i) => i.id).sort())
    expect((await fetch(`${instances[2]!.url}/health/ready`)).status).toBe(200)
  })

  it('takes a key made through instance 1 on 2, and refuses it on all three once 1 s has passed since its revocation through 3', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance]
    const teams = (await (await fetch(`${a.url}/admin/teams`, { headers: adminHeaders })).json()) as { data: Array<{ id: string; name: string }> }
    const made = await fetch(`${a.url}/admin/keys`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ team_id: teams.data.find((t) => t.name === 'alpha')!.id }) })
    const { id, key } = (await made.json()) as { id: string; key: string }
    expect((await ask(b, key)).status).toBe(200)
    for (const i of instances) expect((await client(i, key).models.list()).data.length).toBeGreaterThan(0) // cached everywhere
    const revokedAt = Date.now()
    expect((await fetch(`${c.url}/admin/keys/${id}/revoke`, { method: 'POST', headers: adminHeaders })).status).toBe(200)
    await eventually(() => (Date.now() - revokedAt >= 1000 ? true : undefined), '1 s after the revocation')
    for (const i of instances) expect((await ask(i, key)).status).toBe(401)
  })

  it('serves 300 concurrent requests over the three against a budget for 100: never below 0, and ledger, usage rows and balance agree', async () => {
    const before = await one<{ balance_micro: number }>('SELECT balance_micro FROM company WHERE id = 1')
    const usageBefore = await one<{ n: string; micro: string }>(SETTLED_USAGE)
    const statuses = await Promise.all(Array.from({ length: 300 }, (_, n) => ask(instances[n % 3]!, TEAM_KEY, `q${n}`).then((r) => r.status)))
    const ok = statuses.filter((s) => s === 200).length
    expect(statuses.every((s) => s === 200 || s === 402)).toBe(true)
    expect(ok).toBeGreaterThan(0)
    expect(ok).toBeLessThanOrEqual(Math.floor(before.balance_micro / (MAX_TOKENS * PRICE_PER_TOKEN * 1_000_000)))

    // every settlement is committed within a turn of the event loop: poll until the rows are in. A request that
    // ran past STARTED_ROW_AFTER_MS (a loaded machine) also has a `started` row, replaced when it settles: only
    // settled rows count, or the poll could end before the last holds are released.
    const spent = await eventually(async () => {
      const u = await one<{ n: string; micro: string }>(SETTLED_USAGE)
      return Number(u.n) - Number(usageBefore.n) === ok ? Number(u.micro) - Number(usageBefore.micro) : undefined
    }, 'the usage rows of the answered requests')
    const after = await one<{ balance_micro: string; held_micro: string }>('SELECT balance_micro, held_micro FROM company WHERE id = 1')
    expect(Number(after.balance_micro)).toBeGreaterThanOrEqual(0)
    expect(Number(after.held_micro)).toBe(0)
    expect(Number(after.balance_micro)).toBe(Number(before.balance_micro) - spent)
    expect(spent).toBe(ok * MAX_TOKENS * PRICE_PER_TOKEN * 1_000_000)
    expect(await one<{ n: string }>('SELECT count(*) AS n FROM credit_holds')).toEqual({ n: '0' })
  })

  it('downloads through 2 a file uploaded through 1', async () => {
    const content = `line one\n${randomBytes(2000).toString('hex')}\n`
    const file = await client(instances[0]!).files.create({ file: await toFile(Buffer.from(content), 'notes.txt'), purpose: 'user_data' })
    expect(await (await client(instances[1]!).files.content(file.id)).text()).toBe(content)
  })

  it('completes on another instance a batch whose instance is killed with kill -9 halfway, every line answered once', async () => {
    expect((await fetch(`${instances[0]!.url}/admin/credits`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ add: 1000 }) })).status).toBe(200)
    const lines = Array.from({ length: 24 }, (_, n) => JSON.stringify({ custom_id: `r${n}`, method: 'POST', url: '/v1/chat/completions', body: { model: 'gpt-echo', max_tokens: 2, messages: [{ role: 'user', content: `slow ${n}` }] } }))
    const input = await client(instances[0]!).files.create({ file: await toFile(Buffer.from(lines.join('\n')), 'batch.jsonl'), purpose: 'batch' })
    const batch = await client(instances[0]!).batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    const holderId = await eventually(async () => {
      const b = await client(instances[1]!).batches.retrieve(batch.id)
      if ((b.request_counts?.completed ?? 0) < 6) return undefined
      return (await sql.query<{ instance_id: string }>('SELECT instance_id FROM batch_leases WHERE batch_id = $1', [batch.id])).rows[0]?.instance_id
    }, 'the batch half done')
    const holder = instances.find((i) => i.id === holderId)!
    holder.child.kill('SIGKILL')
    await holder.exited
    instances.splice(instances.indexOf(holder), 1)

    const done = await eventually(async () => {
      const b = await client(instances[0]!).batches.retrieve(batch.id)
      return b.status === 'completed' ? b : undefined
    }, 'the batch completed by another instance', 30_000)
    expect(done.request_counts).toEqual({ total: 24, completed: 24, failed: 0 })
    const output = (await (await client(instances[1]!).files.content(done.output_file_id!)).text()).trim().split('\n')
    const ids = output.map((l) => (JSON.parse(l) as { custom_id: string }).custom_id)
    expect(ids).toHaveLength(24)
    expect(new Set(ids).size).toBe(24)
  })

  it('leaves an interrupted usage row for a stream cut by kill -9', async () => {
    const victim = instances[0]!
    const res = await fetch(`${victim.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-echo', max_tokens: 5, stream: true, messages: [{ role: 'user', content: 'hang on' }] }) })
    const reader = res.body!.getReader()
    await reader.read() // the first chunk arrived: the stream runs
    const requestId = res.headers.get('x-request-id')!
    await eventually(async () => ((await sql.query("SELECT 1 FROM usage_log WHERE id = $1 AND state = 'started'", [requestId])).rowCount ? true : undefined), 'its started row')
    victim.child.kill('SIGKILL')
    await victim.exited
    instances.splice(0, 1)
    const row = await eventually(async () => (await sql.query<{ state: string; error: string }>("SELECT state, error FROM usage_log WHERE id = $1 AND state = 'interrupted'", [requestId])).rows[0], 'the row marked interrupted by a live instance', 20_000)
    expect(row.error).toMatch(/crash or a kill/)
  })
})
