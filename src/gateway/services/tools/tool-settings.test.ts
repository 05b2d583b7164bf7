import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../config/load-config'
import { admin, baseConfigData, startTestGateway, type TestGateway } from '../../../../test/support/harness'

describe('tool settings (admin API over tools.web_search)', () => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await startTestGateway({ configData: baseConfigData({ tools: { web_search: { searxng_url: 'http://127.0.0.1:8888', max_results: 7 } } }) })
  })
  afterAll(() => gw.close())

  const settings = async (method: 'GET' | 'PATCH', payload?: object) => gw.app.inject({ method, url: '/admin/tools/settings', headers: admin, ...(payload ? { payload } : {}) })

  it('reports the defaults, the config file fields, and keeps the Brave key write-only', async () => {
    expect((await settings('GET')).json().web_search).toEqual({
      searxng_url: 'http://127.0.0.1:8888',
      duckduckgo_url: 'https://html.duckduckgo.com/html/',
      brave_url: 'https://api.search.brave.com/res/v1/web/search',
      has_brave_api_key: false,
      brave_api_key_env: null,
      timeout_seconds: 10,
      max_results: 7,
      max_page_bytes: 2 * 1024 * 1024,
      max_redirects: 5,
      allow_private_addresses: false,
      from_config: ['searxng_url', 'max_results'],
    })
    const saved = await settings('PATCH', { web_search: { brave_api_key: 'brave-secret-key', timeout_seconds: 4, allow_private_addresses: true } })
    expect(saved.json().web_search).toMatchObject({ has_brave_api_key: true, timeout_seconds: 4, allow_private_addresses: true })
    expect(saved.body).not.toContain('brave-secret-key')
    expect(gw.store.settings.get('tools.web_search')).not.toContain('brave-secret-key')
    expect((await settings('PATCH', { web_search: { timeout_seconds: null, brave_api_key: 'env:BRAVE_KEY' } })).json().web_search).toMatchObject({ timeout_seconds: 10, has_brave_api_key: false, brave_api_key_env: 'BRAVE_KEY' })
  })

  it('refuses to change what the config file sets, and bad values by field', async () => {
    const locked = await settings('PATCH', { web_search: { max_results: 3 } })
    expect([locked.statusCode, locked.json().error.code, locked.json().error.param]).toEqual([409, 'managed_by_config', 'web_search.max_results'])
    const bad = await settings('PATCH', { web_search: { max_redirects: 99 } })
    expect([bad.statusCode, bad.json().error.param]).toEqual([400, 'web_search.max_redirects'])
  })

  it('names the field of a bad tools.web_search in the config file', () => {
    const load = (webSearch: object) => () => resolveConfig(baseConfigData({ tools: { web_search: webSearch } }), 'test', {})
    expect(load({ brave_api_key: 'env:NOPE_UNSET' })).toThrow(/tools\.web_search\.brave_api_key: environment variable NOPE_UNSET is not set/)
    expect(load({ timeout: 'soon' })).toThrow(/tools\.web_search\.timeout/)
  })
})
