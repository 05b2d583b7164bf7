import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { badRequest, notFound } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import { probeProvider } from '../../services/admin/provider-probe'
import type { AdminContext } from './admin-context'

const unsavedBody = z.strictObject({
  type: z.enum(['openai', 'anthropic']),
  base_url: z.url({ protocol: /^https?$/ }).nullable().optional(),
  api_key: z.string().min(1).nullable().optional(),
})

/**
 * "Test connection" and "import its model list" for the Models page: one live `GET {base_url}/models`,
 * for a provider being filled in (`POST /providers/probe`, nothing saved) or a saved one
 * (`POST /providers/{id}/probe`, with its stored key). The key is never sent back.
 */
export async function providerProbeAdmin(app: FastifyInstance, { store, cipher, env, clock }: AdminContext) {
  const now = () => clock.now()

  app.post('/providers/probe', async (req) => {
    const body = parseOrThrow(unsavedBody, req.body)
    return probeProvider({ type: body.type, baseUrl: body.base_url ?? null, apiKey: body.api_key ?? null }, { now })
  })

  app.post<{ Params: { id: string } }>('/providers/:id/probe', async (req) => {
    const p = store.providers.get(req.params.id)
    if (!p) throw notFound(`No provider with id "${req.params.id}".`, 'provider_not_found', 'id')
    if (p.type === 'local') throw badRequest(`Provider "${p.id}" runs on this machine: there is nothing to connect to.`, 'id')
    const apiKey = p.apiKeyRef ? (env[p.apiKeyRef.slice(4)] ?? null) : p.secret ? cipher.decrypt(p.secret) : null
    return probeProvider({ type: p.type, baseUrl: p.baseUrl, apiKey, headers: (p.options.headers ?? {}) as Record<string, string> }, { now })
  })
}
