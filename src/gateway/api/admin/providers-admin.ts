import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { ProviderRow } from '../../store/repos/providers-repo'
import type { AdminContext } from './admin-context'
import { assertAdminOwned, conflict, seconds } from './admin-helpers'

const providerBody = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'may hold only letters, digits, dot, dash and underscore'),
  type: z.enum(['openai', 'anthropic', 'local']),
  base_url: z.url({ protocol: /^https?$/ }).nullable().optional(),
  /** Write-only: stored encrypted, never returned. */
  api_key: z.string().min(1).nullable().optional(),
})

/** Provider secrets are write-only: the reply says whether one is set, never what it is. */
const providerJson = (p: ProviderRow) => ({
  id: p.id,
  type: p.type,
  base_url: p.baseUrl,
  has_api_key: p.secret !== null || p.apiKeyRef !== null,
  api_key_env: p.apiKeyRef?.slice(4) ?? null,
  source: p.source,
  created_at: seconds(p.createdAt),
})

export async function providersAdmin(app: FastifyInstance, { store, clock, cipher, config }: AdminContext) {
  const find = (id: string) => {
    const p = store.providers.get(id)
    if (!p) throw notFound(`No provider with id "${id}".`, 'provider_not_found', 'id')
    return p
  }
  const save = (body: z.output<typeof providerBody>, previous?: ProviderRow) =>
    store.providers.upsert(
      {
        id: body.id,
        type: body.type,
        baseUrl: body.base_url ?? null,
        apiKeyRef: body.api_key === undefined ? (previous?.apiKeyRef ?? null) : null,
        secret: body.api_key === undefined ? (previous?.secret ?? null) : body.api_key === null ? null : cipher.encrypt(body.api_key),
        options: previous?.options ?? {},
        source: 'admin',
      },
      clock.now(),
    )

  app.get('/providers', async () => ({ data: store.providers.list().map(providerJson) }))
  app.post('/providers', async (req, reply) => {
    const body = parseOrThrow(providerBody, req.body)
    if (store.providers.get(body.id)) throw conflict(`A provider with id "${body.id}" exists already.`, 'id')
    return reply.code(201).send(providerJson(save(body)))
  })
  app.patch<{ Params: { id: string } }>('/providers/:id', async (req) => {
    const p = find(req.params.id)
    assertAdminOwned(p, `Provider "${p.id}"`, config.source)
    const body = parseOrThrow(providerBody.omit({ id: true }).partial(), req.body)
    return providerJson(save({ id: p.id, type: body.type ?? p.type, base_url: body.base_url === undefined ? p.baseUrl : body.base_url, api_key: body.api_key }, p))
  })
  app.delete<{ Params: { id: string } }>('/providers/:id', async (req) => {
    const p = find(req.params.id)
    assertAdminOwned(p, `Provider "${p.id}"`, config.source)
    store.providers.delete(p.id)
    return { id: p.id, deleted: true }
  })
}
