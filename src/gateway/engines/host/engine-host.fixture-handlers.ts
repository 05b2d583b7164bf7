/** Handlers for engine-host.test.ts: small, controllable stand-ins for a native engine. */
import { existsSync } from 'node:fs'
import { EngineRequestError, type EngineJobContext } from './engine-protocol'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const engineHandlers = {
  async echo(payload: unknown) {
    return { payload, pid: process.pid }
  },
  /** The worker's heap limit as V8 sees it, to check an engine's node flags. */
  async heapLimit() {
    const { getHeapStatistics } = await import('node:v8')
    return getHeapStatistics().heap_size_limit
  },
  async sleep({ ms }: { ms: number }) {
    await sleep(ms)
    return { pid: process.pid }
  },
  /** Runs until a file appears at `path`: a job that ends when its test says so, however slow the machine. */
  async untilFile({ path }: { path: string }) {
    while (!existsSync(path)) await sleep(10)
    return { pid: process.pid }
  },
  /** What a GGML_ASSERT does: print, then abort the process. */
  async crash() {
    process.stderr.write('GGML_ASSERT(wtype != GGML_TYPE_COUNT) failed\n')
    await sleep(10)
    process.abort()
  },
  /** Emits 0..n-1, one every `ms`; stops early when cancelled. */
  async ticks({ n, ms }: { n: number; ms: number }, job: EngineJobContext) {
    let i = 0
    for (; i < n && !job.signal.aborted; i++) {
      job.emit(i)
      await sleep(ms)
    }
    return { emitted: i, cancelled: job.signal.aborted, pid: process.pid }
  },
  /** A native call that cannot be interrupted: ignores cancellation. */
  async stubborn({ ms }: { ms: number }) {
    const until = Date.now() + ms
    while (Date.now() < until) await sleep(20)
    return { pid: process.pid }
  },
  async reject({ status, message }: { status: number; message: string }) {
    throw new EngineRequestError(message, { status, code: 'fixture_error', param: 'voice' })
  },
}
