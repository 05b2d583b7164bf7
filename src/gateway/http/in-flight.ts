import type { Server } from 'node:http'

/**
 * Counts the HTTP requests a server is answering, so a stop can let them finish: Fastify's own close
 * cuts open connections (the gateway sets forceCloseConnections, so a hung client cannot hold a stop
 * forever), streams included.
 */
export function trackInFlight(server: Server) {
  let count = 0
  const idle = new Set<() => void>()
  server.on('request', (_req, res) => {
    count++
    res.once('close', () => {
      if (--count === 0) for (const wake of idle) wake()
    })
  })
  return {
    get count() {
      return count
    },
    /**
     * Stops accepting connections and waits until every request in flight has been answered, or the
     * deadline passed. True when nothing was cut short.
     */
    async drain(deadlineMs: number): Promise<boolean> {
      server.close()
      server.closeIdleConnections()
      if (count === 0) return true
      return new Promise<boolean>((resolve) => {
        const done = (drained: boolean) => {
          clearTimeout(timer)
          idle.delete(wake)
          resolve(drained)
        }
        const wake = () => done(true)
        const timer = setTimeout(() => done(count === 0), deadlineMs)
        idle.add(wake)
      })
    },
  }
}
