import { type ChildProcess } from 'node:child_process'
import { type Readable } from 'node:stream'
import { type SerializedEngineError, type WorkerToHostMessage, isWorkerToHostMessage } from './engine-protocol'
import { type WorkerLaunchOptions, forkEngineWorker } from './engine-worker-launch'

/** The worker process ended while a call was in flight (native abort, OOM kill, our own kill). */
export class WorkerExitedError extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly output: string,
  ) {
    super(signal ? `worker killed by ${signal}` : `worker exited with code ${exitCode}`)
    this.name = 'WorkerExitedError'
  }
}

/** The worker could not load its handler module (missing native binding, syntax error...). */
export class WorkerStartError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message)
    this.name = 'WorkerStartError'
  }
}

/** A handler threw: the worker itself is fine. */
export class WorkerHandlerError extends Error {
  constructor(readonly error: SerializedEngineError) {
    super(error.message)
    this.name = 'WorkerHandlerError'
  }
}

const OUTPUT_TAIL_CHARS = 4000

/**
 * Resolves once the streams closed, or after `timeoutMs` for a pipe a grandchild holds open. The timeout resolves
 * through setImmediate: an event loop stalled past it runs timers before reading the pipes' end, and a worker's
 * last words (V8's "heap out of memory", which turns a crash into a 413) would be lost to that order.
 */
function drained(streams: Array<Readable | null>, timeoutMs: number): Promise<void> {
  const open = streams.filter((s): s is Readable => s !== null && !s.closed)
  return new Promise((resolve) => {
    let left = open.length
    if (left === 0) return resolve()
    const timer = setTimeout(() => setImmediate(resolve), timeoutMs)
    for (const s of open)
      s.once('close', () => {
        if (--left === 0) {
          clearTimeout(timer)
          resolve()
        }
      })
  })
}

/** One forked engine worker and the calls in flight on it. */
export class EngineWorkerProcess {
  readonly ready: Promise<void>
  private readonly child: ChildProcess
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; onEvent?: (value: unknown) => void }>()
  private nextId = 1
  private output = ''
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null
  private readonly exitListeners: Array<() => void> = []

  constructor(handlersModule: string, launch: WorkerLaunchOptions = {}, onOutputLine?: (line: string, stream: 'stdout' | 'stderr') => void) {
    this.child = forkEngineWorker(handlersModule, launch)
    for (const stream of ['stdout', 'stderr'] as const) {
      this.child[stream]?.setEncoding('utf8')
      this.child[stream]?.on('data', (chunk: string) => {
        this.output = (this.output + chunk).slice(-OUTPUT_TAIL_CHARS)
        if (onOutputLine) for (const line of chunk.split('\n')) if (line.trim()) onOutputLine(line, stream)
      })
    }

    let markReady: () => void
    let failStart: (e: Error) => void
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve
      failStart = reject
    })
    // A start failure is reported to whoever awaits `ready`; never an unhandled rejection.
    this.ready.catch(() => {})

    this.child.on('message', (message: unknown) => {
      if (!isWorkerToHostMessage(message)) return
      if (message.type === 'ready') markReady()
      else if (message.type === 'fatal') failStart(new WorkerStartError(message.error.message, this.output))
      else this.settle(message)
    })
    this.child.on('error', (err) => {
      // Also emitted when a send or kill fails; only a failed spawn ends the worker here.
      if (this.child.pid !== undefined) return
      failStart(new WorkerStartError(err.message, this.output))
      this.onExit(null, null)
    })
    this.child.on('exit', (code, signal) => {
      // Wait for the output pipes to drain, so a native assert message is in the tail.
      // ('close' would do that too, but it never comes once the IPC channel was disconnected.)
      void drained([this.child.stdout, this.child.stderr], 1000).then(() => {
        failStart(new WorkerStartError(signal ? `worker killed by ${signal} while starting` : `worker exited with code ${code} while starting`, this.output))
        this.onExit(code, signal)
      })
    })
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  get exited(): boolean {
    return this.exitInfo !== null
  }

  /** The last few KB the worker printed: native asserts land here. */
  get lastOutput(): string {
    return this.output
  }

  call(method: string, payload: unknown): Promise<unknown> {
    return this.start(method, payload).done
  }

  /** Starts a job; `onEvent` gets what the handler emits, in order, before `done` settles. */
  start(method: string, payload: unknown, onEvent?: (value: unknown) => void): { id: number; done: Promise<unknown> } {
    const id = this.nextId++
    if (this.exitInfo) return { id, done: Promise.reject(new WorkerExitedError(this.exitInfo.code, this.exitInfo.signal, this.output)) }
    const done = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onEvent })
      this.child.send({ type: 'run', id, method, payload }, (err) => {
        if (err && this.pending.delete(id)) reject(new WorkerExitedError(null, null, `${this.output}\n${err.message}`))
      })
    })
    return { id, done }
  }

  /** Asks the worker to stop a running job (its handler sees an aborted signal); the job still settles. */
  cancel(id: number): void {
    if (!this.exitInfo && this.child.connected && this.pending.has(id)) this.child.send({ type: 'cancel', id }, () => {})
  }

  onceExited(listener: () => void): void {
    if (this.exitInfo) listener()
    else this.exitListeners.push(listener)
  }

  /** Hard stop: the only way to interrupt a native call that is running. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (!this.exitInfo) this.child.kill(signal)
  }

  /** Gentle stop for an idle worker: it exits when its IPC channel closes. */
  retire(): void {
    if (!this.exitInfo && this.child.connected) this.child.disconnect()
  }

  /** An idle worker must not keep the gateway process alive. */
  setKeepsProcessAlive(keep: boolean): void {
    const handles = [this.child, this.child.channel, this.child.stdout, this.child.stderr] as Array<{ ref?: () => void; unref?: () => void } | null | undefined>
    for (const h of handles) {
      if (keep) h?.ref?.()
      else h?.unref?.()
    }
  }

  private settle(message: Extract<WorkerToHostMessage, { id: number }>): void {
    const waiter = this.pending.get(message.id)
    if (!waiter) return
    if (message.type === 'event') {
      waiter.onEvent?.(message.value)
      return
    }
    this.pending.delete(message.id)
    if (message.type === 'result') waiter.resolve(message.value)
    else waiter.reject(new WorkerHandlerError(message.error))
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exitInfo) return
    this.exitInfo = { code, signal }
    for (const { reject } of this.pending.values()) reject(new WorkerExitedError(code, signal, this.output))
    this.pending.clear()
    for (const listener of this.exitListeners.splice(0)) listener()
  }
}
