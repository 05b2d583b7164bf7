import { afterEach, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { siblingModulePath } from './engine-worker-launch'
import { type EngineDefinition, EngineHost } from './engine-host'

const fixtureHandlers = siblingModulePath(import.meta.url, 'engine-host.fixture-handlers')

let host: EngineHost | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

type FixtureOptions = Omit<EngineDefinition, 'kind' | 'handlersModule'> & { handlersModule?: string }

const makeHost = (opts: FixtureOptions = {}) => {
  host = new EngineHost({ engines: [{ ...opts, kind: 'fixture', handlersModule: opts.handlersModule ?? fixtureHandlers }] })
  return host
}

const caught = async (p: Promise<unknown>): Promise<unknown> => p.then(() => { throw new Error('expected a rejection') }, (e: unknown) => e)

describe('EngineHost', () => {
  it('runs a call in a separate process and carries typed arrays both ways', async () => {
    const h = makeHost()
    const pcm = new Int16Array([1, -2, 32767])
    const out = await h.run<{ payload: { pcm: Int16Array }; pid: number }>('fixture', 'echo', { pcm })
    expect(out.pid).not.toBe(process.pid)
    expect(out.payload.pcm).toBeInstanceOf(Int16Array)
    expect([...out.payload.pcm]).toEqual([1, -2, 32767])
  })

  it("starts an engine's workers with its node flags, such as a heap cap", async () => {
    const limit = await makeHost({ nodeFlags: ['--max-old-space-size=96'] }).run<number>('fixture', 'heapLimit', {})
    // V8 adds its young generation to the old-space cap
    expect(limit).toBeGreaterThanOrEqual(96 * 1024 ** 2)
    expect(limit).toBeLessThan(200 * 1024 ** 2)
  })

  it('keeps a request error a 4xx GatewayError with its message', async () => {
    const h = makeHost()
    const e = await caught(h.run('fixture', 'reject', { status: 400, message: 'unknown voice "x"' }))
    expect(e).toBeInstanceOf(GatewayError)
    expect(e).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'fixture_error', param: 'voice', message: 'unknown voice "x"' })
  })

  it('turns a crash into a 500 naming the engine and model file, then serves the next request with a fresh worker', async () => {
    const h = makeHost()
    const before = await h.run<{ pid: number }>('fixture', 'echo', 1)
    const e = await caught(h.run('fixture', 'crash', {}, { subject: 'model file /models/broken.bin' }))
    expect(e).toBeInstanceOf(GatewayError)
    const err = e as GatewayError
    expect(err.status).toBe(500)
    expect(err.code).toBe('engine_crashed')
    expect(err.message).toContain('fixture engine crashed')
    expect(err.message).toContain('/models/broken.bin')
    expect(err.message).toContain('SIGABRT')
    expect(err.message).toContain('GGML_ASSERT')
    const after = await h.run<{ pid: number }>('fixture', 'echo', 2)
    expect(after.pid).not.toBe(before.pid)
    expect(h.stats()[0]).toMatchObject({ workersLost: 1 })
  })

  it('runs at most `concurrency` requests at once and queues the rest', async () => {
    const h = makeHost({ concurrency: 1 })
    const started = Date.now()
    const a = h.run('fixture', 'sleep', { ms: 300 })
    const b = h.run('fixture', 'sleep', { ms: 300 })
    await new Promise((r) => setTimeout(r, 50))
    expect(h.stats()[0]).toMatchObject({ running: 1, queued: 1 })
    await Promise.all([a, b])
    expect(Date.now() - started).toBeGreaterThanOrEqual(600)
  })

  it('runs requests side by side in separate workers up to the limit', async () => {
    const h = makeHost({ concurrency: 2 })
    const [a, b] = await Promise.all([h.run<{ pid: number }>('fixture', 'sleep', { ms: 200 }), h.run<{ pid: number }>('fixture', 'sleep', { ms: 200 })])
    expect(a.pid).not.toBe(b.pid)
  })

  it('cancels a queued request without running it', async () => {
    const h = makeHost({ concurrency: 1 })
    const running = h.run('fixture', 'sleep', { ms: 400 })
    const controller = new AbortController()
    const queued = h.run('fixture', 'sleep', { ms: 5000 }, { signal: controller.signal })
    await new Promise((r) => setTimeout(r, 50))
    const cancelledAt = Date.now()
    controller.abort()
    const e = await caught(queued)
    expect((e as Error).name).toBe('AbortError')
    expect(Date.now() - cancelledAt).toBeLessThan(100)
    await running
    expect(h.stats()[0]).toMatchObject({ queued: 0, completed: 1 })
  })

  it('cancels a running request by stopping its worker; the next request gets a new one', async () => {
    const h = makeHost()
    const first = await h.run<{ pid: number }>('fixture', 'echo', 0)
    const controller = new AbortController()
    const long = h.run('fixture', 'sleep', { ms: 10_000 }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    const e = await caught(long)
    expect((e as Error).name).toBe('AbortError')
    const next = await h.run<{ pid: number }>('fixture', 'echo', 0)
    expect(next.pid).not.toBe(first.pid)
  })

  it('rejects a request that is already aborted', async () => {
    const h = makeHost()
    const e = await caught(h.run('fixture', 'echo', 0, { signal: AbortSignal.abort() }))
    expect((e as Error).name).toBe('AbortError')
  })

  it('answers 503 when the queue is full', async () => {
    const h = makeHost({ concurrency: 1, maxQueue: 1 })
    const a = h.run('fixture', 'sleep', { ms: 200 })
    const b = h.run('fixture', 'sleep', { ms: 10 })
    const e = await caught(h.run('fixture', 'echo', 0))
    expect(e).toMatchObject({ status: 503, code: 'engine_queue_full' })
    await Promise.all([a, b])
  })

  it('answers 503 naming the engine when a worker cannot start', async () => {
    const h = makeHost({ handlersModule: '/nonexistent/handlers.ts' })
    const e = await caught(h.run('fixture', 'echo', 0))
    expect(e).toMatchObject({ status: 503, code: 'engine_unavailable' })
    expect((e as Error).message).toContain('fixture engine could not start')
  })

  it('lets an idle worker go after the idle timeout', async () => {
    const h = makeHost({ idleTimeoutMs: 100 })
    await h.run('fixture', 'echo', 0)
    expect(h.stats()[0]!.workers).toBe(1)
    await new Promise((r) => setTimeout(r, 600))
    expect(h.stats()[0]!.workers).toBe(0)
  })

  it('streams the events a job emits, in order, before its result', async () => {
    const h = makeHost()
    const events: unknown[] = []
    const out = await h.run<{ emitted: number }>('fixture', 'ticks', { n: 5, ms: 1 }, { onEvent: (v) => events.push(v) })
    expect(events).toEqual([0, 1, 2, 3, 4])
    expect(out.emitted).toBe(5)
  })

  it('with cancelGraceMs, cancels a running job inside its worker and keeps the worker', async () => {
    const h = makeHost({ cancelGraceMs: 2000 })
    const first = await h.run<{ pid: number }>('fixture', 'echo', 0)
    const controller = new AbortController()
    const events: unknown[] = []
    const long = h.run('fixture', 'ticks', { n: 10_000, ms: 5 }, { signal: controller.signal, onEvent: (v) => events.push(v) })
    while (events.length < 3) await new Promise((r) => setTimeout(r, 5))
    controller.abort()
    expect(((await caught(long)) as Error).name).toBe('AbortError')
    const next = await h.run<{ pid: number }>('fixture', 'echo', 0)
    expect(next.pid).toBe(first.pid)
    expect(h.stats()[0]).toMatchObject({ running: 0, workersLost: 0 })
  })

  it('with cancelGraceMs, stops a worker whose job does not end in time', async () => {
    const h = makeHost({ cancelGraceMs: 100 })
    const first = await h.run<{ pid: number }>('fixture', 'echo', 0)
    const controller = new AbortController()
    const stuck = h.run('fixture', 'stubborn', { ms: 10_000 }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    expect(((await caught(stuck)) as Error).name).toBe('AbortError')
    const next = await h.run<{ pid: number }>('fixture', 'echo', 0)
    expect(next.pid).not.toBe(first.pid)
  })

  it('runs up to jobsPerWorker requests in one worker at once', async () => {
    const h = makeHost({ concurrency: 2, jobsPerWorker: 2 })
    const [a, b] = await Promise.all([h.run<{ pid: number }>('fixture', 'sleep', { ms: 200 }), h.run<{ pid: number }>('fixture', 'sleep', { ms: 200 })])
    expect(a.pid).toBe(b.pid)
    expect(h.stats()[0]!.workers).toBe(1)
  })

  it('gives each affinity its own workers, and an idle worker gives way to another affinity', async () => {
    const h = makeHost({ concurrency: 2, jobsPerWorker: 2, maxWorkers: 1 })
    const a1 = await h.run<{ pid: number }>('fixture', 'echo', 0, { affinity: '/models/a.gguf' })
    const a2 = await h.run<{ pid: number }>('fixture', 'echo', 0, { affinity: '/models/a.gguf' })
    expect(a2.pid).toBe(a1.pid)
    const b = await h.run<{ pid: number }>('fixture', 'echo', 0, { affinity: '/models/b.gguf' })
    expect(b.pid).not.toBe(a1.pid)
    expect(h.stats()[0]).toMatchObject({ workers: 1, workersLost: 0 })
  })
})
