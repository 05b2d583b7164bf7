import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { unauthorized } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import { SESSION_COOKIE } from '../../../shared/web'
import { notFromOwnPages } from '../../http/admin-auth'
import type { AdminTokenHolder } from '../../security/admin-token'
import { clearedSessionCookie, readCookie, sessionCookie } from '../../security/web-session'
import type { WebSessions } from '../../services/auth/web-sessions'
import { findRendererDir } from './renderer-dir'
import { invalidTokenPage, notBuiltPage } from './web-pages'

export interface WebRoutesOptions {
  adminToken: AdminTokenHolder
  sessions: WebSessions
  /** The built renderer; found beside the sources or the bundle when omitted. */
  rendererDir?: string
}

const PAGE_HEADERS = {
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

const loginBody = z.strictObject({ token: z.string().min(1) })

/**
 * Web mode: serves the built renderer at `/` and trades the admin token for a session cookie, the
 * way notebook servers do. `/?token=<admin token>` sets the cookie and redirects to `/`, so the token
 * leaves the address bar; the login form posts the token to `/web/session` instead.
 */
export async function webRoutes(app: FastifyInstance, opts: WebRoutesOptions) {
  const dir = opts.rendererDir ?? findRendererDir()
  await app.register(fastifyStatic, { root: join(dir, 'assets'), prefix: '/assets/', maxAge: '365d', immutable: true, index: false, wildcard: true })

  const startSession = (req: FastifyRequest, reply: FastifyReply) =>
    reply.header('set-cookie', sessionCookie(opts.sessions.start(req.headers['user-agent']), req.protocol === 'https'))

  const sendIndex = async (reply: FastifyReply) => {
    const html = await readFile(join(dir, 'index.html'), 'utf8').catch(() => null)
    reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8')
    return html === null ? reply.code(503).send(notBuiltPage(dir)) : reply.send(html)
  }

  app.get<{ Querystring: { token?: string } }>('/', async (req, reply) => {
    const token = req.query.token
    // Ollama tools probe GET / for "Ollama is running"; browsers ask for text/html and get the app.
    if (token === undefined && !String(req.headers.accept ?? '').includes('text/html')) return reply.type('text/plain; charset=utf-8').send('Ollama is running')
    if (token === undefined) return sendIndex(reply)
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
    if (!opts.adminToken.matches(token)) return reply.code(401).type('text/html; charset=utf-8').send(invalidTokenPage())
    return startSession(req, reply).redirect('/', 303)
  })
  app.get('/index.html', async (_req, reply) => reply.redirect('/', 301))
  // Browsers ask for it on every page; the renderer's public/ folder ships it beside index.html.
  app.get('/favicon.ico', async (_req, reply) => {
    const icon = await readFile(join(dir, 'favicon.ico')).catch(() => null)
    if (!icon) return reply.code(404).send()
    return reply.header('cache-control', 'public, max-age=86400').type('image/x-icon').send(icon)
  })

  app.post('/web/session', async (req, reply) => {
    const refused = notFromOwnPages(req)
    if (refused) throw refused
    const { token } = parseOrThrow(loginBody, req.body)
    if (!opts.adminToken.matches(token)) throw unauthorized('That is not this gateway\'s admin token.', 'invalid_admin_token')
    return startSession(req, reply).header('cache-control', 'no-store').code(204).send()
  })
  // Signing out ends the session server-side: a copy of the cookie kept anywhere stops working too.
  app.post('/web/logout', async (req, reply) => {
    const refused = notFromOwnPages(req)
    if (refused) throw refused
    opts.sessions.end(readCookie(req.headers.cookie, SESSION_COOKIE))
    return reply.header('set-cookie', clearedSessionCookie()).code(204).send()
  })
}
