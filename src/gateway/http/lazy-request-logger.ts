import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory } from 'fastify/types/logger'

type LogFn = (...args: unknown[]) => void

/** A request's logger that becomes a real child only when it writes (its methods live on the prototype: nothing per request but the object). */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.opts))
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    const enabled = (this.parent as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.(level) !== false
    if (this.made || enabled) (this.real()[level] as LogFn)(...args)
  }

  get level(): string {
    return this.opts.level ?? this.parent.level
  }
  set level(level: string) {
    this.real().level = level
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args)
  }
  error(...args: unknown[]) {
    this.write('error', args)
  }
  warn(...args: unknown[]) {
    this.write('warn', args)
  }
  info(...args: unknown[]) {
    this.write('info', args)
  }
  debug(...args: unknown[]) {
    this.write('debug', args)
  }
  trace(...args: unknown[]) {
    this.write('trace', args)
  }
  silent() {}
  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, opts)
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger that becomes a real pino child (with its request
 * id) only when something is logged at an enabled level. Fastify makes a child per request, and with
 * redaction configured that was a visible share of the gateway's allocations per request, for loggers
 * that at the default level `warn` almost never write.
 */
export const lazyRequestLogger: FastifyChildLoggerFactory = (parent, bindings, opts) => new LazyChildLogger(parent, bindings, opts) as unknown as FastifyBaseLogger

const writesInfo = (logger: FastifyBaseLogger | undefined): boolean => logger !== undefined && (logger as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.('info') !== false

/** Fastify's log lines without its info-level ones ('incoming request', 'request completed', route not found). */
class NoInfoLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply)
  }
  override routeNotFound(): void {}
}

/**
 * Fastify's `logController`: when the logger cannot write info (the default level is warn), Fastify's own
 * per-request info lines are not built at all, rather than built on every request for a logger that drops
 * them; its error and warning lines (a request that errored, a stream that broke after its headers) stay.
 */
export const requestLogController = (logger: FastifyBaseLogger | undefined): LogController => (writesInfo(logger) ? new LogController() : new NoInfoLogController())
