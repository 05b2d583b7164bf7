import { badRequest } from '../../../shared/errors'
import type { ProviderInfo, ProviderInput } from '../../../shared/admin-wire'
import type { ProviderRow } from '../../store/repos/providers-repo'
import type { AdminDeps } from './admin-deps'
import { assertAdminOwned, conflict, deleted, found } from './admin-rules'

/** Provider secrets are write-only: the reply says whether one is set, never what it is. */
const providerJson = (p: ProviderRow): ProviderInfo => ({
  id: p.id,
  type: p.type,
  base_url: p.baseUrl,
  has_api_key: p.secret !== null || p.apiKeyRef !== null,
  api_key_env: p.apiKeyRef?.slice(4) ?? null,
  responses: p.options.responses === 'native' ? 'native' : 'pivot',
  source: p.source,
  created_at: Math.floor(p.createdAt / 1000),
})

export function createProvidersAdmin({ store, clock, cipher, configSource }: AdminDeps) {
  const save = (body: ProviderInput, previous?: ProviderRow) => {
    if (body.responses === 'native' && body.type !== 'openai') throw badRequest(`responses: only an openai-type provider can serve the Responses API natively; leave it out for a ${body.type} provider.`, 'responses')
    return store.providers.upsert(
      {
        id: body.id,
        type: body.type,
        baseUrl: body.base_url ?? null,
        apiKeyRef: body.api_key === undefined ? (previous?.apiKeyRef ?? null) : null,
        secret: body.api_key === undefined ? (previous?.secret ?? null) : body.api_key === null ? null : cipher.encrypt(body.api_key),
        options: { ...previous?.options, ...(body.responses ? { responses: body.responses } : {}) },
        source: 'admin',
      },
      clock.now(),
    )
  }
  const editable = (id: string) => {
    const p = found(store.providers.get(id), 'provider', id, 'provider_not_found')
    assertAdminOwned(p, `Provider "${p.id}"`, configSource)
    return p
  }

  return {
    list: (): ProviderInfo[] => store.providers.list().map(providerJson),
    create(body: ProviderInput): ProviderInfo {
      if (store.providers.get(body.id)) throw conflict(`A provider with id "${body.id}" exists already.`, 'id')
      return providerJson(save(body))
    },
    update(id: string, body: Partial<Omit<ProviderInput, 'id'>>): ProviderInfo {
      const p = editable(id)
      return providerJson(save({ id: p.id, type: body.type ?? p.type, base_url: body.base_url === undefined ? p.baseUrl : body.base_url, api_key: body.api_key, responses: body.responses }, p))
    },
    remove(id: string) {
      const p = editable(id)
      store.providers.delete(p.id)
      return deleted(p.id)
    },
  }
}
