import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { GatewayError } from '../../../shared/errors'
import { siblingModulePath } from './engine-worker-launch'
import { type EngineDefinition, EngineHost } from './engine-host'

/** Per-affinity lanes: a model's own parallelism, queue, keep_alive and memory against the engine's budget. */
const fixtureHandlers = siblingModulePath(import.meta.url, 'engine-host.fixture-handlers')
const tempDir = useTempDirs('gh-engine-lanes-')

let host: EngineHost | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

const makeHost = (opts: Partial<EngineDefinition> = {}) => {
  host = new EngineHost({ engines: [{ concurrency: 64, maxWorkers: 4, ...opts, kind: 'fixture', handlersModule: fixtureHandlers }] })
  return host
}
const caught = (p: Promise<unknown>): Promise<unknown> => p.then(() => { throw new Error('expected a rejection') }, (e: unknown) => e)
const MB = 1024 ** 2

describe('engine lanes', () => {
  it("runs a lane's `parallel` requests in its one worker, queues the next and answers 503 with retry-after past the lane's queue", async () => {
    const h = makeHost()
    const lane = { jobsPerWorker: 3, maxQueue: 1 }
    const opts = { affinity: '/models/stories.gguf', subject: 'model file /models/stories.gguf', lane }
    const running = [1, 2, 3].map(() => h.run<{ pid: number }>('fixture', 'sleep', { ms: 300 }, opts))
    const queued = h.run<{ pid: number }>('fixture', 'echo', 0, opts)
    const refused = await caught(h.run('fixture', 'echo', 0, opts))
    expect(refused).toBeInstanceOf(GatewayError)
    expect(refused).toMatchObject({ status: 503, code: 'engine_queue_full' })
    expect(Number((refused as GatewayError).headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect((refused as Error).message).toContain('/models/stories.gguf')
    expect(h.stats()[0]!.slots).toEqual([expect.objectContaining({ affinity: '/models/stories.gguf', running: 3, queued: 1, parallel: 3 })])
    const pids = new Set([...(await Promise.all(running)), await queued].map((r) => r.pid))
    expect(pids.size).toBe(1)
    // Another lane is not held up by that one's queue.
    await expect(h.run('fixture', 'echo', 0, { affinity: '/models/other.gguf', lane })).resolves.toBeTruthy()
  })

  it('unloads at once with keep_alive 0, reports when a kept model expires, and keeps one with a negative keep_alive', async () => {
    const h = makeHost()
    await h.run('fixture', 'echo', 0, { affinity: 'gone', lane: { keepAliveMs: 0 } })
    const before = Date.now()
    await h.run('fixture', 'echo', 0, { affinity: 'kept', lane: { keepAliveMs: 60_000 } })
    await h.run('fixture', 'echo', 0, { affinity: 'forever', lane: { keepAliveMs: -1 } })
    await vi.waitFor(() => expect(h.stats()[0]!.slots.map((s) => s.affinity).sort()).toEqual(['forever', 'kept']))
    const slots = Object.fromEntries(h.stats()[0]!.slots.map((s) => [s.affinity, s]))
    expect(slots.kept!.expiresAt).toBeGreaterThanOrEqual(before + 60_000)
    expect(slots.forever!.expiresAt).toBeNull()
  })

  it("unloads a model when its request's keep_alive runs out", async () => {
    const h = makeHost({ idleTimeoutMs: 60_000 })
    await h.run('fixture', 'echo', 0, { affinity: 'brief', lane: { keepAliveMs: 50 } })
    expect(h.stats()[0]!.workers).toBe(1)
    await vi.waitFor(() => expect(h.stats()[0]!.workers).toBe(0), { timeout: 5000 })
  })

  it('loads a model beside others only while the memory budget holds, else waits for an idle one to leave', async () => {
    const h = makeHost({ memoryBudget: { ramBytes: 1000 * MB, vramBytes: 0 } })
    const big = (name: string) => ({ affinity: name, lane: { jobsPerWorker: 1, memory: { ramBytes: 600 * MB, vramBytes: 0 } } })
    const small = { affinity: 'small', lane: { jobsPerWorker: 1, memory: { ramBytes: 300 * MB, vramBytes: 0 } } }
    // a runs until the test ends it: with a fixed sleep, a slow start of small's worker outlasted it.
    const endA = join(tempDir(), 'end-a')
    const a = h.run<{ pid: number }>('fixture', 'untilFile', { path: endA }, big('a'))
    const b = h.run<{ pid: number }>('fixture', 'echo', 0, big('b'))
    const c = await h.run<{ pid: number }>('fixture', 'echo', 0, small)
    // The small model fit beside a; b waits, since a and b together pass the budget.
    expect(h.stats()[0]!.slots.map((s) => s.affinity).sort()).toEqual(['a', 'small'])
    expect(c.pid).toBeGreaterThan(0)
    writeFileSync(endA, '')
    const [ra, rb] = await Promise.all([a, b])
    expect(rb.pid).not.toBe(ra.pid)
    expect(h.stats()[0]!.slots.map((s) => s.affinity)).toContain('b')
    expect(h.stats()[0]!.slots.map((s) => s.affinity)).not.toContain('a')
  })
})
