import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import type { AuditAdmin } from '../../services/admin/audit-admin'

declare module 'fastify' {
  interface FastifyRequest {
    /** The object an audited admin change starts from, read before its handler runs. */
    auditBefore?: unknown
  }
}

/** The admin collections whose changes are audited (conversations and recordings are content, not settings). */
const AUDITED = new Set(['teams', 'users', 'keys', 'models', 'providers', 'agents', 'credits', 'oauth-clients', 'tools', 'local-models', 'collections', 'mcp-servers', 'settings'])
const CHANGES = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])
const VERB = { POST: 'create', PATCH: 'update', PUT: 'update', DELETE: 'delete' } as Record<string, string>

/** What an admin call changes: its collection, the id in its path, and the action (a trailing verb like `rotate`, else the method's). */
function auditTarget(req: FastifyRequest): { kind: string; id: string | null; action: string } | null {
  const url = req.routeOptions.url ?? ''
  if (!CHANGES.has(req.method) || !url.startsWith('/admin/')) return null
  const path = url.slice('/admin/'.length).split('/')
  const kind = path[0]!
  if (!AUDITED.has(kind) || path.includes('probe')) return null
  const params = req.params as Record<string, string | undefined>
  const last = path[path.length - 1]!
  // `/keys/:id/rotate` is a verb on a row; `/settings/ollama-keyless` names the row itself.
  if (path.length > 2 && path[1]!.startsWith(':') && !last.startsWith(':')) return { kind, id: params.id ?? params.name ?? null, action: last }
  const named = path.length > 1 && !path[1]!.startsWith(':') ? path.slice(1).join('/') : null
  return { kind, id: params.id ?? params.name ?? named, action: VERB[req.method]! }
}

const actorOf = (req: FastifyRequest) => (req.webSessionId ? `web-session:${req.webSessionId.slice(0, 8)}` : 'admin-token')

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])

/**
 * Records every successful admin change: who, what, and the object before and after (secrets replaced).
 * Installed on the root before any route, it adds its hooks to the changing admin routes only (so the
 * model routes pay nothing), whichever plugin registers them.
 */
export function installAuditLog(app: FastifyInstance, audit: AuditAdmin): void {
  const before: preHandlerAsyncHookHandler = async (req) => {
    const t = auditTarget(req)
    if (t) req.auditBefore = audit.snapshot(t.kind, t.id)
  }
  const after: onSendAsyncHookHandler = async (req, reply, payload) => {
    const t = auditTarget(req)
    if (!t || reply.statusCode >= 400) return payload
    let body: unknown = null
    if (typeof payload === 'string') {
      try {
        body = JSON.parse(payload)
      } catch {
        body = null
      }
    }
    const id = t.id ?? ((body as { id?: unknown } | null)?.id as string | undefined) ?? null
    audit.record({ actor: actorOf(req), action: t.action, targetKind: t.kind, targetId: id, before: req.auditBefore ?? null, after: body })
    return payload
  }
  app.addHook('onRoute', (route) => {
    const methods = asList(route.method)
    if (!route.url.startsWith('/admin/') || !methods.some((m) => CHANGES.has(m))) return
    route.preHandler = [...asList(route.preHandler), before]
    route.onSend = [...asList(route.onSend), after]
  })
}
