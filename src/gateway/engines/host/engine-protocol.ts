/**
 * Messages between the engine host (gateway process) and an engine worker (child process).
 * They travel over the fork IPC channel with `serialization: 'advanced'`, so typed arrays and
 * Buffers cross without base64.
 */

/** What a worker handler may throw to pick the HTTP status the caller sees. */
export interface SerializedEngineError {
  message: string
  /** Set when the handler knows the request itself was bad (e.g. an unknown voice): 4xx. */
  status?: number
  type?: string
  code?: string | null
  param?: string | null
  /** Last lines of the engine's native log, to help tell why a model failed. */
  nativeLog?: string
}

export type HostToWorkerMessage =
  | { type: 'run'; id: number; method: string; payload: unknown }
  /** Asks a running job to stop: its handler's `signal` aborts. */
  | { type: 'cancel'; id: number }

export type WorkerToHostMessage =
  | { type: 'ready' }
  | { type: 'fatal'; error: SerializedEngineError }
  | { type: 'result'; id: number; value: unknown }
  /** Something a running job streams before its result (tokens, partial transcripts). */
  | { type: 'event'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedEngineError }

/** What a handler gets besides its payload. */
export interface EngineJobContext {
  /** Aborted when the host cancels the job (the client went away); stop soon and return or throw. */
  signal: AbortSignal
  /** Streams a value to the caller's `onEvent`, in order, before the result. */
  emit(value: unknown): void
}

/** A handler module (loaded inside the worker) exports `engineHandlers` of this shape. */
export type EngineHandlers = Record<string, (payload: never, job: EngineJobContext) => Promise<unknown>>

/** An error a handler throws on purpose, with a status for the caller (default 500). */
export class EngineRequestError extends Error {
  readonly status: number
  readonly code: string | null
  readonly param: string | null
  constructor(message: string, opts: { status?: number; code?: string; param?: string } = {}) {
    super(message)
    this.name = 'EngineRequestError'
    this.status = opts.status ?? 500
    this.code = opts.code ?? null
    this.param = opts.param ?? null
  }
}

export const isWorkerToHostMessage = (m: unknown): m is WorkerToHostMessage =>
  typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string'
