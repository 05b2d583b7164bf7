import type { FastifyInstance, FastifyRequest } from 'fastify'
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

/** Records every successful admin change: who, what, and the object before and after (secrets replaced). */
export function installAuditLog(app: FastifyInstance, audit: AuditAdmin): void {
  app.addHook('preHandler', async (req) => {
    const t = auditTarget(req)
    if (t) req.auditBefore = audit.snapshot(t.kind, t.id)
  })
  app.addHook('onSend', async (req, reply, payload) => {
    const t = auditTarget(req)
    if (!t || reply.statusCode >= 400) return payload
    let after: unknown = null
    if (typeof payload === 'string') {
      try {
        after = JSON.parse(payload)
      } catch {
        after = null
      }
    }
    const id = t.id ?? ((after as { id?: unknown } | null)?.id as string | undefined) ?? null
    audit.record({ actor: actorOf(req), action: t.action, targetKind: t.kind, targetId: id, before: req.auditBefore ?? null, after })
    return payload
  })
}
