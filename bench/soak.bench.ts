import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { startBenchGateway } from './support/bench-gateway'
import { startProcess } from './support/processes'
import { soakVerdict } from './support/soak-verdict'

/**
 * The gateway under a steady mixed load for `--minutes N` (`npm run bench -- soak --minutes 60`; default 60, or
 * BENCH_SOAK_MINUTES): chat completions plain and streamed, file uploads (64 kB, then deleted) and speech, at
 * BENCH_SOAK_RATE operations a second (default 40), all against one fake upstream. Each minute it samples the
 * gateway's resident memory and its event-loop delay (mean, p99, max over that minute, measured inside the
 * gateway); at the end it compares the last quarter of the minutes with the first quarter after the warm-up minute
 * (bench/support/soak-verdict.ts): flat means neither grew by more than 10 %.
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 60)
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 40)
const KEY = 'bench-soak-team-key-0123456789abcdef'
if (!(MINUTES >= 2) || !(RATE > 0)) throw new Error('--minutes must be at least 2 and BENCH_SOAK_RATE above 0')

const upstream = await startProcess(process.execPath, [join(import.meta.dirname, 'support/fake-chat-upstream.mjs')], /listening (\d+)/)
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`
const gateway = await startBenchGateway(upstreamUrl, KEY, {
  nodeFlags: ['--import', join(import.meta.dirname, 'support/loop-delay-reporter.mjs')],
  ipc: true,
  config: {
    models: [
      { name: 'bench', provider: 'up', upstream: 'bench-upstream', pricing: { input: 1, output: 1 } },
      { name: 'bench-voice', provider: 'up', upstream: 'tts-1', kind: 'speech' },
    ],
  },
})
const auth = { authorization: `Bearer ${KEY}` }
const json = { ...auth, 'content-type': 'application/json' }
const chatBody = (stream: boolean) => JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'Say hello.' }], ...(stream ? { stream: true } : {}) })
const upload = new Uint8Array(64 * 1024).fill(42)

async function expectOk(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`)
  return res
}
const operations: Array<[string, () => Promise<unknown>]> = [
  ['chat', async () => (await expectOk(await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', headers: json, body: chatBody(false) }), 'chat')).text()],
  ['stream', async () => (await expectOk(await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', headers: json, body: chatBody(true) }), 'stream')).text()],
  [
    'file',
    async () => {
      const form = new FormData()
      form.set('purpose', 'user_data')
      form.set('file', new Blob([upload]), 'soak.bin')
      const { id } = (await (await expectOk(await fetch(`${gateway.url}/v1/files`, { method: 'POST', headers: auth, body: form }), 'file upload')).json()) as { id: string }
      await (await expectOk(await fetch(`${gateway.url}/v1/files/${id}`, { method: 'DELETE', headers: auth }), 'file delete')).text()
    },
  ],
  ['speech', async () => (await expectOk(await fetch(`${gateway.url}/v1/audio/speech`, { method: 'POST', headers: json, body: JSON.stringify({ model: 'bench-voice', input: 'Hello there.', voice: 'alloy' }) }), 'speech')).arrayBuffer()],
]

const loopDelay = () =>
  new Promise<{ mean: number; p99: number; max: number }>((resolve) => {
    const onMessage = (m: { loopDelay?: { mean: number; p99: number; max: number } }) => {
      if (!m?.loopDelay) return
      gateway.child.off('message', onMessage)
      resolve(m.loopDelay)
    }
    gateway.child.on('message', onMessage)
    gateway.child.send('loop-delay')
  })
const rssMb = async () => {
  const { readFileSync } = await import('node:fs')
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${gateway.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
}

const done: Record<string, number> = Object.fromEntries(operations.map(([name]) => [name, 0]))
let failures = 0
let firstFailure = ''
const inFlight = new Set<Promise<unknown>>()
const rows: Array<Record<string, string | number>> = []
await loopDelay() // starts the first minute's histogram
const start = performance.now()
let next = 0
for (let minute = 1; minute <= MINUTES; minute++) {
  const until = start + minute * 60_000
  // A steady rate: each operation starts at its slot, whatever the ones before it are doing.
  while (performance.now() < until) {
    const slot = start + (next * 1000) / RATE
    const wait = slot - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const [name, run] = operations[next % operations.length]!
    next++
    const p = run().then(
      () => done[name]!++,
      (err: Error) => (failures++, (firstFailure ||= err.message)),
    )
    inFlight.add(p)
    void p.finally(() => inFlight.delete(p))
  }
  const [delay, rss] = await Promise.all([loopDelay(), rssMb()])
  rows.push({ minute, 'RSS MB': rss.toFixed(1), 'loop delay mean ms': delay.mean.toFixed(2), 'p99 ms': delay.p99.toFixed(2), 'max ms': delay.max.toFixed(1), 'operations so far': next, failures })
  console.log(JSON.stringify(rows.at(-1)))
}
await Promise.all(inFlight)

console.log(`soak: ${MINUTES} minutes at ${RATE} operations a second (chat, stream, 64 kB file upload + delete, speech in turn)`)
console.table(rows)
console.log(`done: ${JSON.stringify(done)}; failures: ${failures}${firstFailure ? ` (first: ${firstFailure})` : ''}`)
const verdict = soakVerdict(rows.map((r) => ({ minute: r.minute as number, RSS: Number(r['RSS MB']), 'loop delay p99': Number(r['p99 ms']) })), ['RSS', 'loop delay p99'])
const described = Object.entries(verdict.growth).map(([what, g]) => `${what} ${g >= 0 ? '+' : ''}${(g * 100).toFixed(1)} %`).join(', ')
console.log(`medians of ${verdict.windows}: ${described}: ${verdict.flat ? 'flat within 10 %' : 'NOT flat within 10 %'}`)
gateway.child.kill('SIGTERM')
upstream.child.kill('SIGTERM')
rmSync(gateway.dir, { recursive: true, force: true })
