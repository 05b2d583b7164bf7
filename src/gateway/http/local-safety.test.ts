import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, baseConfigData, bearer, startTestGateway, TEAM_KEY, type TestGateway } from '../../../test/support/harness'

let gw: TestGateway | undefined
afterEach(async () => {
  await gw?.close()
  gw = undefined
})

describe('Host header (DNS rebinding)', () => {
  it('refuses non-loopback names and accepts loopback ones', async () => {
    gw = await startTestGateway()
    for (const host of ['evil.example', 'attacker.com:4310', '192.168.1.5']) {
      const res = await gw.app.inject({ method: 'GET', url: '/health', headers: { host } })
      expect(res.statusCode, host).toBe(403)
      expect(res.json().error.code).toBe('host_not_allowed')
    }
    for (const host of ['localhost:4310', '127.0.0.1:4310', '127.0.0.2', '[::1]:4310', 'app.localhost']) {
      const res = await gw.app.inject({ method: 'GET', url: '/health', headers: { host } })
      expect(res.statusCode, host).toBe(200)
    }
  })

  it('refuses a rebinding Host on a real socket too', async () => {
    gw = await startTestGateway()
    const address = await gw.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = new URL(address)
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/health', headers: { host: `rebound.example:${port}` } }, (res) => {
        res.resume()
        resolve(res.statusCode!)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })

  it('accepts names listed in server.allowed_hosts', async () => {
    gw = await startTestGateway({ configData: baseConfigData({ server: { allowed_hosts: ['gatehouse.lan'] } }) })
    expect((await gw.app.inject({ method: 'GET', url: '/health', headers: { host: 'gatehouse.lan:4310' } })).statusCode).toBe(200)
    expect((await gw.app.inject({ method: 'GET', url: '/health', headers: { host: 'other.lan' } })).statusCode).toBe(403)
  })
})

describe('body limit', () => {
  it('answers 413 with the limit and how to raise it', async () => {
    gw = await startTestGateway({ configData: baseConfigData({ server: { body_limit: '1kb' } }) })
    const res = await gw.app.inject({ method: 'POST', url: '/admin/teams', headers: { ...admin, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(2000) }) })
    expect(res.statusCode).toBe(413)
    expect(res.json().error).toMatchObject({ type: 'request_too_large', code: 'request_too_large' })
    expect(res.json().error.message).toMatch(/limit of 1 KB.*server\.body_limit/)
  })
})

describe('CORS', () => {
  it('sends no CORS headers by default', async () => {
    gw = await startTestGateway()
    const res = await gw.app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://localhost:5173' } })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('allows only the configured origins', async () => {
    gw = await startTestGateway({ configData: baseConfigData({ server: { cors_origins: ['http://localhost:5173'] } }) })
    const ok = await gw.app.inject({ method: 'OPTIONS', url: '/v1/models', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' } })
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    const other = await gw.app.inject({ method: 'GET', url: '/v1/models', headers: { origin: 'http://evil.example', ...bearer(TEAM_KEY) } })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('admin API', () => {
  it('takes only the admin token, never an API key; API routes take no admin token', async () => {
    gw = await startTestGateway()
    const withKey = await gw.app.inject({ method: 'GET', url: '/admin/status', headers: bearer(TEAM_KEY) })
    expect(withKey.statusCode).toBe(401)
    expect(withKey.json().error.code).toBe('invalid_admin_token')
    expect((await gw.app.inject({ method: 'GET', url: '/admin/status', headers: { 'x-api-key': TEAM_KEY } })).statusCode).toBe(401)
    expect((await gw.app.inject({ method: 'GET', url: '/admin/status', headers: admin })).statusCode).toBe(200)
    expect((await gw.app.inject({ method: 'GET', url: '/v1/models', headers: admin })).statusCode).toBe(401)
  })

  it('keeps provider secrets write-only', async () => {
    gw = await startTestGateway()
    const created = await gw.app.inject({ method: 'POST', url: '/admin/providers', headers: admin, payload: { id: 'extra', type: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-very-secret-value' } })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ id: 'extra', has_api_key: true })
    const list = await gw.app.inject({ method: 'GET', url: '/admin/providers', headers: admin })
    expect(list.body).not.toContain('sk-very-secret-value')
    expect(list.body).not.toContain('sk-upstream-secret-openai')
    const raw = gw.store.db.prepare("SELECT secret FROM providers WHERE id = 'extra'").get() as { secret: Buffer }
    expect(raw.secret.toString('latin1')).not.toContain('sk-very-secret-value')
  })

  it('refuses to edit rows that the config file owns, naming the file', async () => {
    gw = await startTestGateway()
    const alpha = gw.store.teams.getByName('alpha')!
    const res = await gw.app.inject({ method: 'PATCH', url: `/admin/teams/${alpha.id}`, headers: admin, payload: { models: [] } })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toMatch(/config file \(test config\)/)
  })

  it('validates bodies and names the field', async () => {
    gw = await startTestGateway()
    const res = await gw.app.inject({ method: 'POST', url: '/admin/models', headers: admin, payload: { name: 'm', provider: 'up-openai', pricing: { input: -1 } } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.param).toBe('pricing.input')
    const noUpstream = await gw.app.inject({ method: 'POST', url: '/admin/models', headers: admin, payload: { name: 'm', provider: 'up-openai' } })
    expect(noUpstream.json().error.param).toBe('upstream')
    const badJson = await gw.app.inject({ method: 'POST', url: '/admin/teams', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"name":' })
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json().error.code).toBe('invalid_json')
  })
})
