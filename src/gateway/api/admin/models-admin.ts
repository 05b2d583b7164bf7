import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ModelInfo } from '../../../shared/admin-wire'
import { MODEL_ENGINES, MODEL_KINDS } from '../../../shared/model-kind'
import { kindOf } from '../../services/routing/resolve-model'
import { pricingSchema } from '../../../shared/pricing'
import { badRequest, notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import type { ModelRow } from '../../store/repos/models-repo'
import type { AdminContext } from './admin-context'
import { assertAdminOwned, conflict } from './admin-helpers'

const modelBody = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.:/-]+$/, 'may hold only letters, digits and . _ : / -'),
  provider: z.string().min(1),
  upstream: z.string().min(1).nullable().optional(),
  engine: z.enum(MODEL_ENGINES).nullable().optional(),
  kind: z.enum(MODEL_KINDS).nullable().optional(),
  file: z.string().min(1).nullable().optional(),
  aliases: z.array(z.string().min(1)).optional(),
  pricing: pricingSchema.optional(),
})

export const modelJson = (m: ModelRow): ModelInfo => ({
  id: m.id,
  name: m.name,
  provider: m.providerId,
  upstream: m.upstream,
  engine: m.engine as ModelInfo['engine'],
  kind: kindOf(m),
  file: m.file,
  aliases: m.aliases,
  pricing: m.pricing,
  source: m.source,
  created_at: Math.floor(m.createdAt / 1000),
})

export async function modelsAdmin(app: FastifyInstance, { store, clock, ids, config }: AdminContext) {
  const check = (body: z.output<typeof modelBody>, selfId: string | null) => {
    const provider = store.providers.get(body.provider)
    if (!provider) throw badRequest(`Unknown provider "${body.provider}".`, 'provider')
    if (provider.type === 'local' && !body.engine) throw badRequest('A model on a local provider needs an engine: whisper, tts or llama.', 'engine')
    if (provider.type !== 'local' && !body.upstream) throw badRequest(`A model on the ${provider.type} provider needs the upstream model id.`, 'upstream')
    const labels = new Map<string, string>()
    for (const m of store.models.list()) {
      if (m.id === selfId) continue
      for (const l of [m.name, ...m.aliases]) labels.set(l, m.name)
    }
    for (const l of [body.name, ...(body.aliases ?? [])]) {
      if (labels.has(l)) throw conflict(`"${l}" already names model "${labels.get(l)}".`, l === body.name ? 'name' : 'aliases')
      if (store.agents.list().some((a) => a.name === l)) throw conflict(`"${l}" already names an agent.`, l === body.name ? 'name' : 'aliases')
    }
  }
  const toInput = (body: z.output<typeof modelBody>, id: string) => ({
    id,
    name: body.name,
    providerId: body.provider,
    upstream: body.upstream ?? null,
    engine: body.engine ?? null,
    file: body.file ?? null,
    aliases: body.aliases ?? [],
    pricing: body.pricing ?? {},
    options: body.kind ? { kind: body.kind } : {},
    source: 'admin' as const,
  })
  const find = (id: string) => {
    const m = store.models.get(id)
    if (!m) throw notFound(`No model with id "${id}".`, 'model_not_found', 'id')
    return m
  }

  app.get('/models', async () => ({ data: store.models.list().map(modelJson) }))
  app.post('/models', async (req, reply) => {
    const body = parseOrThrow(modelBody, req.body)
    check(body, null)
    return reply.code(201).send(modelJson(store.models.upsert(toInput(body, ids.uuid()), clock.now())))
  })
  app.patch<{ Params: { id: string } }>('/models/:id', async (req) => {
    const model = find(req.params.id)
    assertAdminOwned(model, `Model "${model.name}"`, config.source)
    const current = modelJson(model)
    const body = parseOrThrow(modelBody, { ...current, kind: model.options.kind ?? null, ...(req.body as object), id: undefined, source: undefined, created_at: undefined })
    check(body, model.id)
    return modelJson(store.models.upsert(toInput(body, model.id), clock.now()))
  })
  app.delete<{ Params: { id: string } }>('/models/:id', async (req) => {
    const model = find(req.params.id)
    assertAdminOwned(model, `Model "${model.name}"`, config.source)
    store.models.delete(model.id)
    return { id: model.id, deleted: true }
  })
}
