import { createServer, type Server } from 'node:http'
import { StoreUnreachableError } from '../store/store'

export interface StoreWaitOptions {
  host: string
  port: number
  /** Between two attempts to reach the store. */
  retryMs?: number
  /** Told of each failed attempt (its message names the host, never the password). */
  onRetry?: (message: string) => void
}

/**
 * `--wait-for-store`: starts the gateway once its PostgreSQL store answers, however long that takes, as
 * containers started beside their database need. Until then the port is held by a stand-in that answers
 * every request 503 with Retry-After (`GET /health/ready` included), so a load balancer sees an instance
 * that is not ready rather than one that is gone. Any other start-up error (config, secrets) ends the wait.
 */
export async function startWhenStoreAnswers<T>(start: () => Promise<T>, opts: StoreWaitOptions): Promise<T> {
  let problem = 'store_unreachable: connecting to the store'
  let standIn: Server | undefined
  try {
    for (;;) {
      try {
        if (standIn) await closeServer(standIn)
        standIn = undefined
        return await start()
      } catch (e) {
        if (!(e instanceof StoreUnreachableError)) throw e
        problem = `store_unreachable: ${e.message}`
        opts.onRetry?.(e.message)
      }
      standIn = await listenNotReady(opts, () => problem)
      await new Promise((resolve) => setTimeout(resolve, opts.retryMs ?? 2000))
    }
  } finally {
    if (standIn) await closeServer(standIn)
  }
}

function listenNotReady(opts: StoreWaitOptions, problem: () => string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' })
    res.end(JSON.stringify({ status: 'unavailable', problem: problem() }))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => resolve(server))
  })
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
