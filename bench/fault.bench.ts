import { chatUntil, runFaults, startFaultGateway, unitCosts, type BombReplies, type FaultGateway } from '../test/support/fault-drill'
import { percentile } from './support/processes'

/**
 * What storage faults cost everyone else: 20 clients chat through the gateway (a child process, as the
 * fault test runs it) while its disk fills and another process holds the database's write lock (and,
 * under both, a PDF bomb and a pixel bomb arrive), then
 * for as long again with no fault. Reports the gateway's longest event-loop stall (perf_hooks'
 * monitorEventLoopDelay, inside the gateway; goal: under 100 ms) and the slowest `/health` a client saw.
 */
const CLIENTS = 20
const LOCK_MS = Number(process.env.BENCH_LOCK_MS ?? 3000)

interface PhaseResult {
  answered: number
  stalls: { maxStallMs: number; p99StallMs: number }
  health: number[]
  ms: number
}

/** Clients chat and a client polls `/health` (latency of each) until `run` ends; then the gateway's longest stall. */
async function phase(g: FaultGateway, run: () => Promise<unknown>): Promise<PhaseResult> {
  await g.loopStalls()
  let over = false
  const health: number[] = []
  const t0 = performance.now()
  const [answered] = await Promise.all([
    chatUntil(g.chat, CLIENTS, () => over),
    (async () => {
      while (!over) {
        const t = performance.now()
        await g.health()
        health.push(performance.now() - t)
        await new Promise((r) => setTimeout(r, 20))
      }
    })(),
    run().finally(() => (over = true)),
  ])
  const ms = performance.now() - t0
  return { answered: answered.length, stalls: await g.loopStalls(), health: health.sort((a, b) => a - b), ms }
}

const g = await startFaultGateway()
try {
  await unitCosts(g.chat, g.rowOf)
  await phase(g, () => new Promise((r) => setTimeout(r, 1000))) // warm-up
  let bombs: BombReplies | undefined
  const faults = await phase(g, async () => void ({ bombs } = await runFaults(g, { lockMs: LOCK_MS })))
  const baseline = await phase(g, () => new Promise((r) => setTimeout(r, faults.ms)))
  const row = (name: string, p: PhaseResult) => ({
    scenario: name,
    seconds: (p.ms / 1000).toFixed(1),
    answered: p.answered,
    longest_stall_ms: p.stalls.maxStallMs.toFixed(1),
    p99_stall_ms: p.stalls.p99StallMs.toFixed(1),
    health_p50_ms: percentile(p.health, 50).toFixed(1),
    health_max_ms: p.health.at(-1)!.toFixed(1),
  })
  console.log(`storage faults: ${CLIENTS} clients chatting; the disk fills, then another process holds the write lock for ${LOCK_MS} ms, vs. the same with no fault (goal: longest stall under 100 ms)`)
  console.table([row('no fault', baseline), row('disk full + lock held', faults)])
  console.log(`stall with faults / without: ${(faults.stalls.maxStallMs / baseline.stalls.maxStallMs).toFixed(2)}x`)
  for (const [name, r] of [['PDF bomb (collection upload)', bombs!.pdf], ['pixel bomb (OCR of a 30,000 x 30,000 PNG)', bombs!.pixels]] as const) {
    console.log(`${name}: ${r.status} ${r.error.code ?? ''}`)
  }
  console.log(`/health answered ${bombs!.healthWhileInFlight} times while the bombs were in flight`)
} finally {
  await g.close()
}
