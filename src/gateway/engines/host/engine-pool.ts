import { type EngineCallContext, engineClosed, engineQueueFull, toEngineGatewayError } from './engine-errors'
import { type WorkerLaunchOptions } from './engine-worker-launch'
import { EngineWorkerProcess } from './engine-worker-process'

/** One kind of engine the host runs out of process. */
export interface EngineDefinition {
  /** 'whisper', 'tts', ...: names the engine in errors and stats. */
  kind: string
  /** Absolute path of the module (run inside the worker) that exports `engineHandlers`. */
  handlersModule: string
  /** Requests run at once; each runs in its own worker process. Default 1. */
  concurrency?: number
  /** Requests allowed to wait; past it a request fails with 503. Default 64. */
  maxQueue?: number
  /** An idle worker exits after this long (its model memory goes with it). Default 5 minutes. */
  idleTimeoutMs?: number
}

export interface EngineRunOptions {
  /** Cancels the request: dropped from the queue, or its worker is killed if it already runs. */
  signal?: AbortSignal
  /** What the request works on, for error messages, e.g. "model file /models/ggml-base.bin". */
  subject?: string
}

export interface EngineStats {
  kind: string
  running: number
  queued: number
  workers: number
  /** Workers that ended while serving a request (crashes and cancellations). */
  workersLost: number
  completed: number
}

export interface EngineLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
}

interface Job {
  method: string
  payload: unknown
  options: EngineRunOptions
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  settled: boolean
  slot?: Slot
  detachAbort?: () => void
}

interface Slot {
  worker: EngineWorkerProcess
  busy: boolean
  /** Asked to exit after idling; takes no more work. */
  retiring: boolean
  idleTimer?: NodeJS.Timeout
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError')

/** A queue and up to `concurrency` worker processes for one engine kind. */
export class EnginePool {
  private readonly queue: Job[] = []
  private readonly slots = new Set<Slot>()
  private readonly concurrency: number
  private readonly maxQueue: number
  private readonly idleTimeoutMs: number
  private closed = false
  private workersLost = 0
  private completed = 0

  constructor(
    private readonly definition: EngineDefinition,
    private readonly launch: WorkerLaunchOptions = {},
    private readonly logger?: EngineLogger,
  ) {
    this.concurrency = Math.max(1, definition.concurrency ?? 1)
    this.maxQueue = definition.maxQueue ?? 64
    this.idleTimeoutMs = definition.idleTimeoutMs ?? 5 * 60_000
  }

  run(method: string, payload: unknown, options: EngineRunOptions = {}): Promise<unknown> {
    const { signal } = options
    if (this.closed) return Promise.reject(engineClosed(this.definition.kind))
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    if (this.queue.length >= this.maxQueue) return Promise.reject(engineQueueFull(this.definition.kind, this.maxQueue))

    return new Promise((resolve, reject) => {
      const job: Job = { method, payload, options, resolve, reject, settled: false }
      if (signal) {
        const onAbort = () => this.abort(job, abortReason(signal))
        signal.addEventListener('abort', onAbort, { once: true })
        job.detachAbort = () => signal.removeEventListener('abort', onAbort)
      }
      this.queue.push(job)
      this.pump()
    })
  }

  stats(): EngineStats {
    const slots = [...this.slots]
    return {
      kind: this.definition.kind,
      running: slots.filter((s) => s.busy).length,
      queued: this.queue.length,
      workers: slots.length,
      workersLost: this.workersLost,
      completed: this.completed,
    }
  }

  async close(): Promise<void> {
    this.closed = true
    for (const job of this.queue.splice(0)) this.settle(job, engineClosed(this.definition.kind), false)
    const exits = [...this.slots].map((slot) => new Promise<void>((resolve) => slot.worker.onceExited(resolve)))
    for (const slot of this.slots) {
      clearTimeout(slot.idleTimer)
      // An idle worker is unref'd: ref it again, or the process may end before close() resolves.
      slot.worker.setKeepsProcessAlive(true)
      slot.worker.kill()
    }
    await Promise.all(exits)
  }

  private abort(job: Job, reason: unknown): void {
    if (job.settled) return
    const queued = this.queue.indexOf(job)
    if (queued >= 0) this.queue.splice(queued, 1)
    this.settle(job, reason, false)
    // Native calls cannot be interrupted from outside: the worker goes, a fresh one serves the next request.
    if (job.slot) {
      this.logger?.info({ engine: this.definition.kind, pid: job.slot.worker.pid, method: job.method }, 'engine request cancelled: stopping its worker')
      job.slot.worker.kill()
    }
  }

  private settle(job: Job, outcome: unknown, ok: boolean): void {
    if (job.settled) return
    job.settled = true
    job.detachAbort?.()
    if (ok) job.resolve(outcome)
    else job.reject(outcome)
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const slot = this.idleSlot() ?? (this.slots.size < this.concurrency ? this.spawnSlot() : undefined)
      if (!slot) return // all busy; an exit or a finished job pumps again
      const job = this.queue.shift()!
      void this.execute(job, slot)
    }
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (!slot.busy && !slot.retiring && !slot.worker.exited) return slot
    return undefined
  }

  private spawnSlot(): Slot {
    const { kind, handlersModule } = this.definition
    const worker = new EngineWorkerProcess(handlersModule, this.launch, (line, stream) => {
      if (stream === 'stderr') this.logger?.warn({ engine: kind, pid: worker.pid, line }, 'engine output')
    })
    const slot: Slot = { worker, busy: false, retiring: false }
    this.slots.add(slot)
    worker.onceExited(() => {
      clearTimeout(slot.idleTimer)
      this.slots.delete(slot)
      if (slot.busy) this.workersLost++
      this.pump()
    })
    return slot
  }

  private async execute(job: Job, slot: Slot): Promise<void> {
    slot.busy = true
    clearTimeout(slot.idleTimer)
    slot.worker.setKeepsProcessAlive(true)
    job.slot = slot
    const ctx: EngineCallContext = { kind: this.definition.kind, method: job.method, subject: job.options.subject }
    try {
      await slot.worker.ready
      if (job.settled) return
      const value = await slot.worker.call(job.method, job.payload)
      this.completed++
      this.settle(job, value, true)
    } catch (e) {
      this.settle(job, toEngineGatewayError(ctx, e), false)
    } finally {
      if (!slot.worker.exited) {
        slot.busy = false
        this.armIdleTimer(slot)
      }
      this.pump()
    }
  }

  private armIdleTimer(slot: Slot): void {
    slot.worker.setKeepsProcessAlive(false)
    slot.idleTimer = setTimeout(() => {
      if (slot.busy) return
      slot.retiring = true
      slot.worker.retire()
    }, this.idleTimeoutMs)
    slot.idleTimer.unref()
  }
}
