import pino, { type DestinationStream, type Logger } from 'pino'

/** Drops query strings from logged URLs: a login token or key passed as a query must never reach a log. */
export const redactUrl = (url: string): string => url.split('?')[0]!

/**
 * The gateway's logger. Requests are logged by method, path and status only: no headers, no bodies,
 * so API keys and admin tokens cannot reach a log.
 */
export function createLogger(opts: { level?: string; stream?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
        err: pino.stdSerializers.err,
      },
      redact: { paths: ['req.headers', 'headers', '*.authorization', '*.apiKey', '*.api_key', '*.key'], remove: true },
    },
    opts.stream,
  )
}

/** A logger that drops everything, for a gateway built without one (tests). */
export const silentLogger = (): Logger => pino({ enabled: false })
