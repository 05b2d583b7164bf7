import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { parseOrThrow } from '../../../shared/validation/parse'
import { keyStatus } from '../../services/keys/key-service'
import type { KeyRow } from '../../store/repos/keys-repo'
import type { AdminContext } from './admin-context'
import { seconds } from './admin-helpers'

const createBody = z.strictObject({
  team_id: z.string().min(1).optional(),
  user_id: z.string().min(1).optional(),
  name: z.string().max(200).nullable().optional(),
  /** Unix seconds. */
  expires_at: z.number().int().positive().nullable().optional(),
})
const rotateBody = z.strictObject({ grace_seconds: z.number().int().min(0).max(365 * 86400).optional() }).optional()

/** Keys are listed by their hint only; the key itself is in the reply to create or rotate, and nowhere else. */
export async function keysAdmin(app: FastifyInstance, { store, clock, keys }: AdminContext) {
  const keyJson = (k: KeyRow) => ({
    id: k.id,
    kind: k.kind,
    team_id: k.teamId,
    user_id: k.userId,
    hint: k.hint,
    name: k.name,
    status: keyStatus(k, clock.now()),
    source: k.source,
    created_at: seconds(k.createdAt),
    expires_at: seconds(k.expiresAt),
    deprecated_at: seconds(k.deprecatedAt),
    replaced_by: k.replacedBy,
    revoked_at: seconds(k.revokedAt),
    last_used_at: seconds(k.lastUsedAt),
  })

  app.get('/keys', async () => ({ data: store.keys.list().map(keyJson) }))
  app.post('/keys', async (req, reply) => {
    const body = parseOrThrow(createBody, req.body ?? {})
    const issued = keys.issue(
      { teamId: body.team_id, userId: body.user_id },
      { name: body.name ?? null, expiresAt: body.expires_at == null ? null : body.expires_at * 1000 },
    )
    return reply.code(201).header('cache-control', 'no-store').send({ ...keyJson(issued.row), key: issued.plaintext })
  })
  app.post<{ Params: { id: string } }>('/keys/:id/rotate', async (req, reply) => {
    const body = parseOrThrow(rotateBody, req.body ?? undefined)
    const { issued, old } = keys.rotate(req.params.id, body?.grace_seconds)
    return reply.code(201).header('cache-control', 'no-store').send({ ...keyJson(issued.row), key: issued.plaintext, replaced: keyJson(old) })
  })
  app.post<{ Params: { id: string } }>('/keys/:id/revoke', async (req) => keyJson(keys.revoke(req.params.id)))
}
