import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { adminQuery, databaseUrl, postgresBinDir, startPostgresCluster } from '../test/support/postgres'
import { startBenchGateway } from './support/bench-gateway'
import { cpuUsageOf, reportCpuUsage, startProcess } from './support/processes'

/**
 * Issue 26: what a shared PostgreSQL store costs. Gateway CPU time (user + system, all instances summed)
 * per chat completion and throughput, at 32 concurrent clients spread round robin over the instances,
 * for one instance on SQLite, one on PostgreSQL and three on PostgreSQL, in one run, against one fake
 * upstream. PostgreSQL: a throwaway cluster (Debian's initdb, as for the tests) on loopback; its own CPU
 * is not counted. BENCH_CLUSTER_REQUESTS (default 4000) per cell, BENCH_CLUSTER_WARMUP (default 1000).
 */
const KEY = 'bench-cluster-team-key-0123456789abcdef'
const REQUESTS = Number(process.env.BENCH_CLUSTER_REQUESTS ?? 4000)
const WARMUP = Number(process.env.BENCH_CLUSTER_WARMUP ?? 1000)
const CLIENTS = 32

const bin = postgresBinDir()
if (bin) await run(bin)
else console.log('Skipped: the cluster bench needs PostgreSQL (Debian: apt-get install postgresql).')

async function run(bin: string) {
  const postgres = await startPostgresCluster(bin)
  const upstream = await startProcess(process.execPath, [join(import.meta.dirname, 'support/fake-chat-upstream.mjs')], /listening (\d+)/)
  const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`
  const secrets = mkdtempSync(join(tmpdir(), 'gh-bench-secrets-'))
  writeFileSync(join(secrets, 'admin-token'), randomBytes(24).toString('base64url'))
  writeFileSync(join(secrets, 'secret.key'), randomBytes(32).toString('base64'))
  const body = JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Say hello.' }] })

  async function cell(name: string, instances: number, store: 'sqlite' | 'postgres') {
    let extra: string[] = []
    if (store === 'postgres') {
      const db = `bench_${name.toLowerCase().replace(/\W+/g, '_')}`
      await adminQuery(postgres.url, `CREATE DATABASE ${db}`)
      extra = ['--database-url', databaseUrl(postgres.url, db), '--admin-token-file', join(secrets, 'admin-token'), '--secret-key-file', join(secrets, 'secret.key')]
    }
    // One at a time: instances starting together on a fresh database would wait on each other's migration lock anyway.
    const gateways: Awaited<ReturnType<typeof startBenchGateway>>[] = []
    for (let i = 0; i < instances; i++) gateways.push(await startBenchGateway(upstreamUrl, KEY, { nodeFlags: reportCpuUsage, ipc: true, args: extra }))
    const pools = gateways.map((g) => new Pool(g.url, { connections: Math.ceil(CLIENTS / instances) }))
    const load = async (total: number) => {
      let sent = 0
      const client = async (n: number) => {
        while (sent < total) {
          sent++
          const res = await pools[n % pools.length]!.request({ method: 'POST', path: '/v1/chat/completions', headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }, body })
          const text = await res.body.text()
          if (res.statusCode !== 200) throw new Error(`${name}: status ${res.statusCode}: ${text.slice(0, 300)}`)
        }
      }
      await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)))
    }
    await load(WARMUP)
    const cpu = async () => (await Promise.all(gateways.map((g) => cpuUsageOf(g.child)))).reduce((a, b) => a + b, 0)
    const cpu0 = await cpu()
    const t0 = process.hrtime.bigint()
    await load(REQUESTS)
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9
    const cpuUs = (await cpu()) - cpu0
    for (const p of pools) await p.close()
    await Promise.all(gateways.map((g) => new Promise((resolve) => (g.child.once('exit', resolve), g.child.kill('SIGTERM')))))
    for (const g of gateways) rmSync(g.dir, { recursive: true, force: true })
    return { setup: name, 'gateway CPU µs/req': (cpuUs / REQUESTS).toFixed(0), 'requests/s': (REQUESTS / seconds).toFixed(0) }
  }

  const rows = [await cell('1 instance, SQLite', 1, 'sqlite'), await cell('1 instance, PostgreSQL', 1, 'postgres'), await cell('3 instances, PostgreSQL', 3, 'postgres')]
  console.log(`chat completions at ${CLIENTS} concurrent clients, ${REQUESTS} requests per setup after ${WARMUP} warm-up; CPU of every gateway process summed (PostgreSQL's own not counted)`)
  console.table(rows)
  upstream.child.kill('SIGTERM')
  await postgres.stop()
  rmSync(secrets, { recursive: true, force: true })
}
