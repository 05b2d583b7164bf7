import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listeningUrl } from '../test/support/listening-url'
import { distinctResidentKb, processTreeRss, procCpuUs } from './support/processes'

/**
 * `npm run serve` from outside, as a person starts it: the time from spawning npm to the first answer of
 * `/health` (and the CPU time its processes used until then, which a loaded machine stretches far less than the
 * wall time), and the resident memory of every process it leaves running once idle (npm, the shell, the gateway),
 * against a Node hello-world HTTP server started the same way through npm, alternating, in one run. The first
 * round (which may rebuild the bundles) is not counted. BENCH_SERVE_ROUNDS (default 5), BENCH_SERVE_IDLE_MS
 * (default 3000) before the memory is read. Linux (memory from /proc).
 *
 * The memory is read a second time once it has settled, BENCH_SERVE_SETTLED_MS (default 15000, 0 skips it) after
 * the first answer: V8 gives back what start-up left (the young generation's second half, fragmented pages) only
 * when its memory reducer runs, some 8 s after the last full collection, i.e. about 10 s after the gateway listens.
 *
 * Summed RSS, which the aim is stated in, counts twice the pages npm and the gateway share (the node binary's code
 * both run, the C libraries). Run as root, the bench also prints what the processes hold together with each page
 * counted once ("distinct", from /proc/<pid>/pagemap): what the machine gives up for them.
 */
const ROUNDS = Number(process.env.BENCH_SERVE_ROUNDS ?? 5)
const IDLE_MS = Number(process.env.BENCH_SERVE_IDLE_MS ?? 3000)
const SETTLED_MS = Number(process.env.BENCH_SERVE_SETTLED_MS ?? 15000)
const root = join(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'gh-bench-serve-'))
const helloDir = join(dir, 'hello')
writeFileSync(join(dir, 'hello.mjs'), "import { createServer } from 'node:http'\nconst s = createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${s.address().port}`))\n")
rmSync(helloDir, { recursive: true, force: true })
writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'hello', private: true, scripts: { hello: `node ${join(dir, 'hello.mjs')}` } }))

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const starts = {
  hello: () => spawn(npm, ['run', '--silent', 'hello'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }),
  serve: (round: number) => spawn(npm, ['run', '--silent', 'serve', '--', '--port', '0', '--data-dir', join(dir, `data-${round}`)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }),
}

async function startOnce(which: keyof typeof starts, round: number) {
  const t0 = performance.now()
  const child = starts[which](round)
  const url = await listeningUrl(child, which)
  const res = await fetch(`${url}/health`)
  await res.text()
  const ms = performance.now() - t0
  const cpuMs = (processTreeRss(child.pid!) ?? []).reduce((sum, p) => sum + (procCpuUs(p.pid) ?? 0), 0) / 1000
  if (res.status !== 200) throw new Error(`${which} /health: ${res.status}`)
  await new Promise((r) => setTimeout(r, IDLE_MS))
  const tree = processTreeRss(child.pid!) ?? []
  const distinctKb = distinctResidentKb(tree.map((p) => p.pid))
  let settledTree = tree
  if (SETTLED_MS > IDLE_MS) {
    await new Promise((r) => setTimeout(r, SETTLED_MS - IDLE_MS))
    settledTree = processTreeRss(child.pid!) ?? []
  }
  const exited = new Promise((r) => child.once('exit', r))
  for (const p of tree.reverse()) {
    try {
      process.kill(p.pid, 'SIGTERM')
    } catch (err) {
      // npm exits as soon as its child does, sometimes before it is sent its own SIGTERM.
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err
    }
  }
  await exited
  return { ms, cpuMs, tree, distinctKb, settledTree }
}

function distinctColumns(hello: { distinctKb: number | null }, serve: { distinctKb: number | null }) {
  if (hello.distinctKb === null || serve.distinctKb === null) return {}
  return { 'hello MB distinct': mb(hello.distinctKb).toFixed(1), 'serve MB distinct': mb(serve.distinctKb).toFixed(1) }
}

function settledColumns(hello: { settledTree: typeof lastTree }, serve: { settledTree: typeof lastTree }, total: (t: typeof lastTree) => number) {
  if (SETTLED_MS <= IDLE_MS) return {}
  return { 'hello MB settled': total(hello.settledTree).toFixed(1), 'serve MB settled': total(serve.settledTree).toFixed(1) }
}

const rows = []
const mb = (kb: number) => kb / 1024
let lastTree: Array<{ pid: number; rssKb: number; command: string }> = []
let lastSettledTree = lastTree
await startOnce('serve', -1) // builds the bundles when stale
for (let round = 0; round < ROUNDS; round++) {
  const hello = await startOnce('hello', round)
  const serve = await startOnce('serve', round)
  const total = (t: typeof hello.tree) => mb(t.reduce((s, p) => s + p.rssKb, 0))
  rows.push({ round, 'hello ms': hello.ms.toFixed(0), 'serve ms': serve.ms.toFixed(0), 'serve/hello': (serve.ms / hello.ms).toFixed(2), 'hello CPU ms': hello.cpuMs.toFixed(0), 'serve CPU ms': serve.cpuMs.toFixed(0), 'hello MB (all processes)': total(hello.tree).toFixed(1), 'serve MB (all processes)': total(serve.tree).toFixed(1), ...distinctColumns(hello, serve), ...settledColumns(hello, serve, total) })
  lastTree = serve.tree
  lastSettledTree = serve.settledTree
}
const settled = SETTLED_MS > IDLE_MS ? `, and again once settled (${SETTLED_MS} ms after the answer, when V8's memory reducer has run)` : ''
console.log(`npm run serve (warm build): spawn to first /health answer (wall, and CPU of all its processes), and resident memory of all its processes after ${IDLE_MS} ms idle${settled}, against a Node hello-world through npm`)
console.table(rows)
console.log('targets: /health under 500 ms; all processes together under 120 MB (summed RSS; "distinct": each page counted once, as root). Processes of the last serve round:')
const settledKb = (pid: number) => lastSettledTree.find((s) => s.pid === pid)?.rssKb ?? 0
console.table(lastTree.map((p) => ({ MB: mb(p.rssKb).toFixed(1), ...(SETTLED_MS > IDLE_MS ? { 'MB settled': mb(settledKb(p.pid)).toFixed(1) } : {}), command: p.command.slice(0, 100) })))
rmSync(dir, { recursive: true, force: true })
