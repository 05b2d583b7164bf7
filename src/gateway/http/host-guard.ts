import type { FastifyInstance } from 'fastify'
import { forbidden } from '../../shared/errors'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]'])

/** `127.0.0.1:4310` -> `127.0.0.1`, `[::1]:4310` -> `[::1]` */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  return h.split(':')[0]!
}

export function isAllowedHost(name: string, extra: ReadonlySet<string>): boolean {
  return LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name) || name.endsWith('.localhost') || extra.has(name)
}

/**
 * Refuses requests whose Host is not a loopback name (or one the config allows): a web page that
 * rebinds its own DNS name to 127.0.0.1 cannot reach the gateway that way.
 */
export function installHostGuard(app: FastifyInstance, allowedHosts: string[]): void {
  const extra = new Set(allowedHosts.map((h) => h.toLowerCase()))
  // A client sends the same Host on every request: the last one allowed is not parsed again.
  let lastAllowed: string | undefined
  // Callback-style hooks here and in the auth hooks: they run on every request, and an async hook costs a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.host
    if (header !== undefined && header === lastAllowed) return done()
    const name = header ? hostName(header) : ''
    if (isAllowedHost(name, extra)) {
      lastAllowed = header
      return done()
    }
    done(
      forbidden(
        `Host "${header ?? ''}" is not allowed. This gateway answers only loopback names (localhost, 127.0.0.1, [::1]); add the name to server.allowed_hosts in the config to allow it.`,
        'host_not_allowed',
      ),
    )
  })
}
