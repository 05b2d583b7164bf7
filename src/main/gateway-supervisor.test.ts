import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { GATEWAY_PROCESS_SOURCE, gatewayConfigFile, nodeGatewayLauncher } from '../../test/support/gateway-child'
import { startFakeOpenAi, streamCompletion } from '../../test/support/fake-openai'
import { type FakeServer } from '../../test/support/fake-upstream'
import { bearer, TEAM_KEY } from '../../test/support/harness'
import { useTempDirs } from '../../test/support/temp-dirs'
import { acquireDataDirLock } from '../gateway/boot/data-dir-lock'
import { openStore } from '../gateway/store/store'
import { type GatewayStartRequest } from './gateway-process/gateway-protocol'
import { type GatewayState, GatewaySupervisor, type SupervisorOptions } from './gateway-supervisor'

// The tests run side by side (own data dir, port and upstream each), so what they started is stopped
// when the file ends: a per-test afterEach would stop the other tests' gateways mid-run. The temp dirs go
// after that, once no gateway writes into them.
const tempDir = useTempDirs('gh-supervisor-', { afterFile: true })
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

function supervise(request: Partial<GatewayStartRequest> & { dataDir: string }, extra: Partial<SupervisorOptions> = {}) {
  const states: GatewayState[] = []
  const launcher = nodeGatewayLauncher(GATEWAY_PROCESS_SOURCE)
  const waiters: Array<{ kind: GatewayState['kind']; resolve: (s: GatewayState) => void }> = []
  const base: GatewayStartRequest = { configFile: null, port: 0, lockOwner: 'desktop', ...request }
  let current = base
  const sup = new GatewaySupervisor({
    launch: launcher.launch,
    request: () => current,
    onState: (s) => {
      states.push(s)
      for (const w of waiters.filter((x) => x.kind === s.kind)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(s)
      }
    },
    ...extra,
  })
  cleanups.push(() => sup.stop())
  const next = <K extends GatewayState['kind']>(kind: K) => new Promise<Extract<GatewayState, { kind: K }>>((resolve) => waiters.push({ kind, resolve: resolve as (s: GatewayState) => void }))
  return { sup, states, pids: launcher.pids, next, setRequest: (r: Partial<GatewayStartRequest>) => void (current = { ...current, ...r }) }
}

const tempDataDir = () => join(tempDir(), 'data')

async function upstream(): Promise<FakeServer> {
  const up = await startFakeOpenAi()
  cleanups.push(() => up.close())
  return up
}

// Each gateway start under tsx is CPU-bound start-up: side by side, the tests use the machine's cores instead of one.
describe.concurrent('gateway supervisor (the gateway process run as a Node child, as Electron runs it)', () => {
  it('restarts a gateway that died, waiting longer after each death, and it serves again', async () => {
    const backoffMs = (attempt: number) => 100 * 2 ** (attempt - 1)
    const s = supervise({ dataDir: tempDataDir() }, { backoffMs })
    const running = s.next('running')
    s.sup.start()
    const first = await running
    expect((await fetch(`${first.url}/health`)).status).toBe(200)

    for (const expectedDelay of [100, 200]) {
      const restarting = s.next('restarting')
      const again = s.next('running')
      process.kill(s.pids.at(-1)!, 'SIGKILL')
      expect(await restarting).toMatchObject({ delayMs: expectedDelay, reason: expect.stringMatching(/exited/) })
      const back = await again
      expect((await fetch(`${back.url}/health`)).status).toBe(200)
    }
    expect(new Set(s.pids).size).toBe(3)
    expect(s.states.map((x) => x.kind)).toEqual(['starting', 'running', 'restarting', 'starting', 'running', 'restarting', 'starting', 'running'])
  })

  it('on stop, lets a stream in flight finish, bills it, then the process exits and refuses new requests', async () => {
    const up = await upstream()
    const dataDir = tempDataDir()
    const s = supervise({ dataDir, configFile: gatewayConfigFile(tempDir(), up.url) })
    const running = s.next('running')
    s.sup.start()
    const { url } = await running
    up.next((req, res) => {
      void streamCompletion(req, res, 150)
      return true
    })
    const content = 'one two three four five six seven eight'
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { ...bearer(TEAM_KEY), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', stream: true, messages: [{ role: 'user', content }] }),
    })
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    let body = new TextDecoder().decode((await reader.read()).value)
    const stopped = s.sup.stop()
    for (let r = await reader.read(); !r.done; r = await reader.read()) body += new TextDecoder().decode(r.value)
    await stopped

    expect(body.trimEnd().endsWith('data: [DONE]')).toBe(true)
    const words = [...body.matchAll(/"content":"([^"]*)"/g)].map((m) => m[1]).join('')
    expect(words).toBe(`echo: ${content}`)
    expect(s.states.at(-1)).toEqual({ kind: 'stopped', drained: true })
    expect(s.states.some((x) => x.kind === 'stopping' && x.inFlight === 1)).toBe(true)
    await expect(fetch(`${url}/health`)).rejects.toThrow()
    const store = openStore(join(dataDir, 'gatehouse.db'))
    try {
      expect(store.usage.list({ limit: 5 })).toEqual([expect.objectContaining({ endpoint: 'chat.completions', status: 200 })])
    } finally {
      store.close()
    }
  })

  it('reports a taken port with a free one to suggest instead of retrying, and starts on the chosen one', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())))
    const taken = (blocker.address() as { port: number }).port
    const s = supervise({ dataDir: tempDataDir(), port: taken })
    const conflict = s.next('port-taken')
    s.sup.start()
    const state = await conflict
    expect(state).toMatchObject({ port: taken, message: expect.stringContaining('EADDRINUSE') })
    expect(state.suggestedPort).not.toBe(taken)
    expect(s.states.map((x) => x.kind)).toEqual(['starting', 'port-taken'])

    s.setRequest({ port: state.suggestedPort })
    const running = s.next('running')
    s.sup.restart()
    expect((await running).url).toBe(`http://127.0.0.1:${state.suggestedPort}`)
  })

  it('reports a data dir owned by a running instance, with its URL, and does not retry', async () => {
    const dataDir = tempDataDir()
    const s = supervise({ dataDir, lockOwner: 'desktop' })
    const { mkdirSync } = await import('node:fs')
    mkdirSync(dataDir, { recursive: true })
    const lock = acquireDataDirLock(dataDir, 'serve')
    lock.setUrl('http://127.0.0.1:4999')
    cleanups.push(() => lock.release())
    const locked = s.next('locked')
    s.sup.start()
    expect(await locked).toMatchObject({ holderUrl: 'http://127.0.0.1:4999' })
    expect(s.states.map((x) => x.kind)).toEqual(['starting', 'locked'])
  })
})
