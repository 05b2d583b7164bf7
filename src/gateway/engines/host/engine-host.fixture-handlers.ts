/** Handlers for engine-host.test.ts: small, controllable stand-ins for a native engine. */
import { EngineRequestError } from './engine-protocol'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const engineHandlers = {
  async echo(payload: unknown) {
    return { payload, pid: process.pid }
  },
  async sleep({ ms }: { ms: number }) {
    await sleep(ms)
    return { pid: process.pid }
  },
  /** What a GGML_ASSERT does: print, then abort the process. */
  async crash() {
    process.stderr.write('GGML_ASSERT(wtype != GGML_TYPE_COUNT) failed\n')
    await sleep(10)
    process.abort()
  },
  async reject({ status, message }: { status: number; message: string }) {
    throw new EngineRequestError(message, { status, code: 'fixture_error', param: 'voice' })
  },
}
