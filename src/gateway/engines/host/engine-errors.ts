import { type ErrorType, GatewayError } from '../../../shared/errors'
import { WorkerExitedError, WorkerHandlerError, WorkerStartError } from './engine-worker-process'

/** What the request was doing, for error messages a person can act on. */
export interface EngineCallContext {
  kind: string
  method: string
  /** Usually the model file: "model file /data/models/ggml-base.bin". */
  subject?: string
}

/** A native backtrace line ("1: 0x55d0c node::Abort()", "#3 ggml_abort"), useless in a message. */
const isBacktraceLine = (line: string) => /^(#?\d+[:\s]|\s*at\s|----)/.test(line) || /\b0x[0-9a-f]{6,}\b/i.test(line)

/** The few lines of engine output worth showing: assert and error lines first, else the last lines. */
export function summarizeEngineOutput(text: string, max = 3): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !isBacktraceLine(l))
  const telling = lines.filter((l) => /assert|error|fail|invalid|abort|cannot|unable/i.test(l))
  // "/home/runner/work/.../ggml/src/ggml.c:1433: GGML_ASSERT(...)": the build machine's path says nothing here.
  const withoutBuildPaths = (l: string) => l.replace(/(?:[A-Za-z]:)?[\\/][^\s:]*[\\/]([\w.-]+\.(?:c|cc|cpp|h|hpp):\d+)/g, '$1')
  return (telling.length ? telling : lines).slice(-max).map(withoutBuildPaths).join(' | ')
}

const onSubject = (ctx: EngineCallContext) => (ctx.subject ? ` on ${ctx.subject}` : '')

export function engineCrashed(ctx: EngineCallContext, e: WorkerExitedError): GatewayError {
  const how = e.signal ? `killed by ${e.signal}` : `exit code ${e.exitCode}`
  const tail = summarizeEngineOutput(e.output)
  return new GatewayError({
    status: 500,
    type: 'api_error',
    code: 'engine_crashed',
    message:
      `The ${ctx.kind} engine crashed (${how}) while running ${ctx.method}${onSubject(ctx)}. ` +
      `The file may be corrupt or not a model this engine can read; the engine restarts for the next request.` +
      (tail ? ` Last engine output: ${tail}` : ''),
    cause: e,
  })
}

export function engineUnavailable(ctx: EngineCallContext, e: WorkerStartError): GatewayError {
  const tail = summarizeEngineOutput(e.output)
  return new GatewayError({
    status: 503,
    type: 'api_error',
    code: 'engine_unavailable',
    message: `The ${ctx.kind} engine could not start: ${e.message}` + (tail ? ` (engine output: ${tail})` : ''),
    cause: e,
  })
}

export function engineFailed(ctx: EngineCallContext, e: WorkerHandlerError): GatewayError {
  const { error } = e
  const status = error.status ?? 500
  if (status < 500) {
    return new GatewayError({
      status,
      type: (error.type as ErrorType | undefined) ?? 'invalid_request_error',
      code: error.code ?? 'invalid_value',
      param: error.param ?? null,
      message: error.message,
      cause: e,
    })
  }
  const tail = error.nativeLog ? summarizeEngineOutput(error.nativeLog) : ''
  return new GatewayError({
    status,
    type: 'api_error',
    code: error.code ?? 'engine_error',
    message: `The ${ctx.kind} engine failed while running ${ctx.method}${onSubject(ctx)}: ${error.message}` + (tail ? ` (engine log: ${tail})` : ''),
    cause: e,
  })
}

export function toEngineGatewayError(ctx: EngineCallContext, e: unknown): unknown {
  if (e instanceof WorkerExitedError) return engineCrashed(ctx, e)
  if (e instanceof WorkerStartError) return engineUnavailable(ctx, e)
  if (e instanceof WorkerHandlerError) return engineFailed(ctx, e)
  return e
}

/** `what`: the engine kind, or the model a per-model queue belongs to ("model file /models/x.gguf"). */
export const engineQueueFull = (what: string, limit: number, retryAfterSeconds = 1) =>
  new GatewayError({
    status: 503,
    type: 'overloaded_error',
    code: 'engine_queue_full',
    message: `The ${what} ${/^model/.test(what) ? 'has' : 'engine has'} ${limit} requests waiting already; try again in ${retryAfterSeconds} s, or raise the model's parallel setting.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  })

export const engineClosed = (kind: string) =>
  new GatewayError({ status: 503, type: 'api_error', code: 'engine_closed', message: `The ${kind} engine is shutting down.` })

export const unknownEngine = (kind: string) =>
  new GatewayError({ status: 500, type: 'api_error', code: 'engine_unknown', message: `No engine of kind "${kind}" is configured.` })
