import { type EngineCallContext, engineClosed, engineQueueFull, toEngineGatewayError } from './engine-errors'
import { type WorkerLaunchOptions } from './engine-worker-launch'
import { EngineWorkerProcess } from './engine-worker-process'

/** One kind of engine the host runs out of process. */
export interface EngineDefinition {
  /** 'whisper', 'tts', ...: names the engine in errors and stats. */
  kind: string
  /** Absolute path of the module (run inside the worker) that exports `engineHandlers`. */
  handlersModule: string
  /** Requests run at once across all workers. Default 1. */
  concurrency?: number
  /** Requests one worker runs at once (an engine that batches them, like llama.cpp's sequences). Default 1. */
  jobsPerWorker?: number
  /** Worker processes at once. Default: enough for `concurrency` (concurrency / jobsPerWorker, rounded up). */
  maxWorkers?: number
  /** Requests allowed to wait; past it a request fails with 503. Default 64. */
  maxQueue?: number
  /** An idle worker exits after this long (its model memory goes with it). Default 5 minutes. */
  idleTimeoutMs?: number
  /**
   * How a running request is cancelled. Unset: its worker is killed at once (a native call that cannot
   * be interrupted). A number: the worker is asked to stop the job (its handler's signal aborts) and is
   * killed only if the job has not ended after that many milliseconds, so its loaded model stays warm.
   */
  cancelGraceMs?: number
  /** Node flags of this engine's workers on top of the host's, e.g. `--max-old-space-size=512` to cap a worker's heap. */
  nodeFlags?: string[]
  /** Memory the workers may hold together (their lanes' `memory`); a worker that would pass it waits for an idle one to leave. */
  memoryBudget?: EngineMemory
}

export interface EngineRunOptions {
  /** Cancels the request: dropped from the queue, or stopped (see cancelGraceMs) if it already runs. */
  signal?: AbortSignal
  /** What the request works on, for error messages, e.g. "model file /models/ggml-base.bin". */
  subject?: string
  /** Receives what the handler emits while it runs (streamed tokens, partial transcripts). */
  onEvent?: (value: unknown) => void
  /**
   * Requests with the same affinity share workers, and a worker only ever serves one affinity: e.g. the
   * model file, so each worker keeps one model loaded and a broken file only takes down its own worker.
   */
  affinity?: string
  /** Settings of the workers serving this affinity (a model's own `parallel`, `keep_alive`, queue and memory). */
  lane?: EngineLane
}

/** Per-affinity settings; each falls back to the engine definition's. */
export interface EngineLane {
  /** Requests one worker of this affinity runs at once (a model's `parallel`). Fixed when its worker starts. */
  jobsPerWorker?: number
  /** How long its worker stays after its last request: 0 leaves at once, a negative value never idles out (Ollama's keep_alive). */
  keepAliveMs?: number
  /** Requests of this affinity allowed to wait; past it a request fails with 503 and retry-after. */
  maxQueue?: number
  /** What a worker of this affinity holds in memory (a loaded model), counted against the memory budget. */
  memory?: EngineMemory
}

export interface EngineMemory {
  ramBytes: number
  vramBytes: number
}

/** One worker as stats show it: what it serves, how busy it is, its memory and when it idles out. */
export interface EngineSlotStats {
  affinity: string
  running: number
  queued: number
  parallel: number
  memory: EngineMemory
  /** Epoch ms when it idles out; null while it works or when it never idles out. */
  expiresAt: number | null
}

export interface EngineStats {
  kind: string
  running: number
  queued: number
  workers: number
  /** Workers that ended while serving a request (crashes and cancellations). */
  workersLost: number
  completed: number
  slots: EngineSlotStats[]
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
  /** The worker-side id once started, to cancel it. */
  workerJobId?: number
  detachAbort?: () => void
}

interface Slot {
  worker: EngineWorkerProcess
  affinity: string
  /** Requests running on this worker. */
  jobs: number
  /** Asked to exit after idling; takes no more work. */
  retiring: boolean
  idleTimer?: NodeJS.Timeout
  jobsPerWorker: number
  keepAliveMs: number
  memory: EngineMemory
  expiresAt: number | null
  /** When it last finished a request, to send the longest idle away first. */
  idleSince: number
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError')

/** A queue and up to `maxWorkers` worker processes for one engine kind, `concurrency` requests at once. */
export class EnginePool {
  private readonly queue: Job[] = []
  private readonly slots = new Set<Slot>()
  private readonly concurrency: number
  private readonly jobsPerWorker: number
  private readonly maxWorkers: number
  private readonly maxQueue: number
  private readonly idleTimeoutMs: number
  private closed = false
  private workersLost = 0
  private completed = 0
  /** Recent request duration per affinity (a moving average), for retry-after. */
  private readonly recentJobMs = new Map<string, number>()

  constructor(
    private readonly definition: EngineDefinition,
    private readonly launch: WorkerLaunchOptions = {},
    private readonly logger?: EngineLogger,
  ) {
    this.concurrency = Math.max(1, definition.concurrency ?? 1)
    this.jobsPerWorker = Math.max(1, definition.jobsPerWorker ?? 1)
    this.maxWorkers = Math.max(1, definition.maxWorkers ?? Math.ceil(this.concurrency / this.jobsPerWorker))
    this.maxQueue = definition.maxQueue ?? 64
    this.idleTimeoutMs = definition.idleTimeoutMs ?? 5 * 60_000
  }

  run(method: string, payload: unknown, options: EngineRunOptions = {}): Promise<unknown> {
    const { signal } = options
    if (this.closed) return Promise.reject(engineClosed(this.definition.kind))
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    if (this.queue.length >= this.maxQueue) return Promise.reject(engineQueueFull(this.definition.kind, this.maxQueue, this.retryAfterSeconds('')))
    const laneLimit = options.lane?.maxQueue
    if (laneLimit !== undefined) {
      const affinity = options.affinity ?? ''
      const waiting = this.queue.filter((j) => (j.options.affinity ?? '') === affinity).length
      if (waiting >= laneLimit) return Promise.reject(engineQueueFull(options.subject ?? this.definition.kind, laneLimit, this.retryAfterSeconds(affinity)))
    }

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
    const slots = [...this.slots].filter((s) => !s.worker.exited)
    return {
      kind: this.definition.kind,
      running: this.running(),
      queued: this.queue.length,
      workers: slots.length,
      workersLost: this.workersLost,
      completed: this.completed,
      slots: slots.map((s) => ({
        affinity: s.affinity,
        running: s.jobs,
        queued: this.queue.filter((j) => (j.options.affinity ?? '') === s.affinity).length,
        parallel: s.jobsPerWorker,
        memory: { ...s.memory },
        expiresAt: s.expiresAt,
      })),
    }
  }

  /** A guess at when a request turned away for a full queue may find room: the queue ahead of it at the recent pace. */
  private retryAfterSeconds(affinity: string): number {
    const waiting = this.queue.filter((j) => (j.options.affinity ?? '') === affinity || affinity === '').length
    const perJob = this.recentJobMs.get(affinity) ?? 1000
    return Math.max(1, Math.ceil((perJob * Math.max(1, waiting)) / Math.max(1, this.jobsPerWorker) / 1000))
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

  private running(): number {
    let n = 0
    for (const slot of this.slots) n += slot.jobs
    return n
  }

  private abort(job: Job, reason: unknown): void {
    if (job.settled) return
    const queued = this.queue.indexOf(job)
    if (queued >= 0) this.queue.splice(queued, 1)
    this.settle(job, reason, false)
    const { slot } = job
    if (!slot) return
    const { kind, cancelGraceMs } = this.definition
    if (cancelGraceMs !== undefined) {
      if (job.workerJobId === undefined) return // still waiting for its worker to start: it never runs
      // The job keeps its place on the worker until the worker says it ended; a worker that does not
      // stop in time goes, like one running a native call that cannot be interrupted.
      slot.worker.cancel(job.workerJobId)
      const timer = setTimeout(() => {
        this.logger?.info({ engine: kind, pid: slot.worker.pid, method: job.method }, 'engine request did not stop when cancelled: stopping its worker')
        slot.worker.kill()
      }, cancelGraceMs)
      timer.unref()
      job.detachAbort = () => clearTimeout(timer)
      return
    }
    this.logger?.info({ engine: kind, pid: slot.worker.pid, method: job.method }, 'engine request cancelled: stopping its worker')
    slot.worker.kill()
  }

  private settle(job: Job, outcome: unknown, ok: boolean): void {
    if (job.settled) return
    job.settled = true
    job.detachAbort?.()
    job.detachAbort = undefined
    if (ok) job.resolve(outcome)
    else job.reject(outcome)
  }

  private pump(): void {
    let i = 0
    while (i < this.queue.length && !this.closed && this.running() < this.concurrency) {
      const job = this.queue[i]!
      const slot = this.placeFor(job.options.affinity ?? '', job.options.lane)
      if (!slot) {
        i++ // waits for a worker of its own affinity; a later request may fit elsewhere
        continue
      }
      this.queue.splice(i, 1)
      void this.execute(job, slot)
    }
  }

  /** A worker that can take one more request of this affinity, spawning or making room for one. */
  private placeFor(affinity: string, lane: EngineLane | undefined): Slot | undefined {
    let best: Slot | undefined
    for (const slot of this.slots) {
      if (slot.affinity !== affinity || slot.retiring || slot.worker.exited || slot.jobs >= slot.jobsPerWorker) continue
      if (!best || slot.jobs < best.jobs) best = slot
    }
    if (best) return best
    // A lane with its own parallelism has one worker: a busy one is waited for rather than the model loaded twice.
    if (lane?.jobsPerWorker !== undefined && [...this.slots].some((s) => s.affinity === affinity && !s.retiring && !s.worker.exited)) return undefined
    if (this.slots.size < this.maxWorkers && this.fitsBudget(lane?.memory)) return this.spawnSlot(affinity, lane)
    // No room (count or memory): the idle worker of another affinity that has waited longest gives way (its exit pumps again).
    let idlest: Slot | undefined
    for (const slot of this.slots) {
      if (slot.jobs === 0 && !slot.retiring && slot.affinity !== affinity && (!idlest || slot.idleSince < idlest.idleSince)) idlest = slot
    }
    if (idlest) this.retire(idlest)
    return undefined
  }

  /** Whether a worker holding `memory` fits beside the live ones. The first worker always fits: a model larger than the budget still runs, alone. */
  private fitsBudget(memory: EngineMemory | undefined): boolean {
    const budget = this.definition.memoryBudget
    const live = [...this.slots].filter((s) => !s.retiring && !s.worker.exited)
    if (!budget || !memory || live.length === 0) return true
    const ram = live.reduce((n, s) => n + s.memory.ramBytes, memory.ramBytes)
    const vram = live.reduce((n, s) => n + s.memory.vramBytes, memory.vramBytes)
    return ram <= budget.ramBytes && vram <= budget.vramBytes
  }

  private spawnSlot(affinity: string, lane: EngineLane | undefined): Slot {
    const { kind, handlersModule } = this.definition
    const launch = this.definition.nodeFlags ? { ...this.launch, extraExecArgv: [...(this.launch.extraExecArgv ?? []), ...this.definition.nodeFlags] } : this.launch
    const worker = new EngineWorkerProcess(handlersModule, launch, (line, stream) => {
      if (stream === 'stderr') this.logger?.warn({ engine: kind, pid: worker.pid, line }, 'engine output')
    })
    const slot: Slot = {
      worker,
      affinity,
      jobs: 0,
      retiring: false,
      jobsPerWorker: Math.max(1, lane?.jobsPerWorker ?? this.jobsPerWorker),
      keepAliveMs: lane?.keepAliveMs ?? this.idleTimeoutMs,
      memory: lane?.memory ?? { ramBytes: 0, vramBytes: 0 },
      expiresAt: null,
      idleSince: Date.now(),
    }
    this.slots.add(slot)
    worker.onceExited(() => {
      clearTimeout(slot.idleTimer)
      this.slots.delete(slot)
      if (slot.jobs > 0) this.workersLost++
      this.pump()
    })
    return slot
  }

  private async execute(job: Job, slot: Slot): Promise<void> {
    slot.jobs++
    clearTimeout(slot.idleTimer)
    slot.expiresAt = null
    const { lane } = job.options
    // The latest request decides how long its model stays (Ollama's keep_alive), and the latest estimate its memory.
    if (lane?.keepAliveMs !== undefined) slot.keepAliveMs = lane.keepAliveMs
    if (lane?.memory) slot.memory = { ...lane.memory }
    const startedAt = Date.now()
    slot.worker.setKeepsProcessAlive(true)
    job.slot = slot
    const ctx: EngineCallContext = { kind: this.definition.kind, method: job.method, subject: job.options.subject }
    try {
      await slot.worker.ready
      if (job.settled) return
      const { onEvent } = job.options
      const started = slot.worker.start(job.method, job.payload, onEvent && ((value) => !job.settled && onEvent(value)))
      job.workerJobId = started.id
      const value = await started.done
      this.completed++
      const took = Date.now() - startedAt
      const before = this.recentJobMs.get(slot.affinity)
      this.recentJobMs.set(slot.affinity, before === undefined ? took : before * 0.7 + took * 0.3)
      this.settle(job, value, true)
    } catch (e) {
      this.settle(job, toEngineGatewayError(ctx, e), false)
    } finally {
      job.detachAbort?.()
      if (!slot.worker.exited) {
        slot.jobs--
        if (slot.jobs === 0) this.armIdleTimer(slot)
      }
      this.pump()
    }
  }

  private retire(slot: Slot): void {
    slot.retiring = true
    slot.worker.retire()
  }

  private armIdleTimer(slot: Slot): void {
    slot.worker.setKeepsProcessAlive(false)
    slot.idleSince = Date.now()
    if (slot.keepAliveMs < 0) return
    if (slot.keepAliveMs === 0) {
      this.retire(slot)
      return
    }
    slot.expiresAt = slot.idleSince + slot.keepAliveMs
    slot.idleTimer = setTimeout(() => {
      if (slot.jobs === 0) this.retire(slot)
    }, slot.keepAliveMs)
    slot.idleTimer.unref()
  }

  /** Lowers (or raises) what a live worker of this affinity is counted as holding, once it says what it really holds. */
  noteMemory(affinity: string, memory: EngineMemory): void {
    for (const slot of this.slots) if (slot.affinity === affinity) slot.memory = { ...memory }
  }
}
