import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer, type FakeServer } from '../../../../test/support/fake-upstream'
import { admin, baseConfigData, startTestGateway, type TestGateway } from '../../../../test/support/harness'

const KEY = 'sk-probe-secret-0123456789'
let upstream: FakeServer
let gw: TestGateway

beforeAll(async () => {
  // Lists two models to the right key; otherwise answers 401 quoting the key it got, as some providers do.
  upstream = await startFakeServer((req, res) => {
    const key = req.headers['x-api-key'] ?? String(req.headers.authorization ?? '').replace(/^Bearer /, '')
    if (key !== KEY) return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }))
    if (!req.url.startsWith('/v1/models')) return void res.writeHead(404).end('not here')
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'mirror-small', owned_by: 'fake' }, { id: 'echo-large', display_name: 'Echo large' }, { name: 'no id' }] }))
  })
  gw = await startTestGateway({
    configData: baseConfigData({
      providers: [
        { id: 'saved', type: 'openai', base_url: `${upstream.url}/v1`, api_key: KEY },
        { id: 'from-env', type: 'anthropic', base_url: upstream.url, api_key: 'env:PROBE_KEY' },
        { id: 'local', type: 'local' },
      ],
      models: [{ name: 'voice', provider: 'local', engine: 'tts' }],
      teams: [{ name: 'alpha' }],
      users: [],
    }),
    env: { PROBE_KEY: KEY },
  })
})
afterAll(async () => {
  await gw.close()
  await upstream.close()
})

const probe = (url: string, payload?: object) => gw.app.inject({ method: 'POST', url: `/admin/providers${url}`, headers: admin, ...(payload ? { payload } : {}) })

describe('provider probes: one live call to the model list', () => {
  it('lists the models of an unsaved OpenAI-compatible provider, sorted, with the round trip time', async () => {
    const res = await probe('/probe', { type: 'openai', base_url: `${upstream.url}/v1`, api_key: KEY })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ ok: true, status: 200, error: null, models: [{ id: 'echo-large', display_name: 'Echo large' }, { id: 'mirror-small', owned_by: 'fake' }] })
    expect(body.latency_ms).toBeGreaterThanOrEqual(0)
    expect(upstream.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/models', headers: { authorization: `Bearer ${KEY}` } })
  })

  it('says why a wrong key fails, without ever sending the key back', async () => {
    const wrong = 'sk-wrong-key-that-must-not-echo'
    const res = await probe('/probe', { type: 'openai', base_url: `${upstream.url}/v1`, api_key: wrong })
    expect(res.json()).toMatchObject({ ok: false, status: 401, models: [] })
    expect(res.json().error).toMatch(/answered 401: Incorrect API key provided: \*\*\*\. Check the API key\./)
    expect(res.body).not.toContain(wrong)
  })

  it('reports a provider nobody listens on, and a URL that is not the API', async () => {
    const down = await probe('/probe', { type: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: KEY })
    expect(down.json()).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9 could not be reached \(ECONNREFUSED\)\.$/) })
    const wrongPath = await probe('/probe', { type: 'openai', base_url: upstream.url, api_key: KEY })
    expect(wrongPath.json()).toMatchObject({ ok: false, status: 404, error: expect.stringContaining('Check the base URL') })
  })

  it('probes a saved provider with its stored key, or its env: key, with Anthropic headers', async () => {
    expect((await probe('/saved/probe')).json()).toMatchObject({ ok: true, models: [{ id: 'echo-large' }, { id: 'mirror-small' }] })
    expect((await probe('/from-env/probe')).json()).toMatchObject({ ok: true })
    expect(upstream.requests.at(-1)).toMatchObject({ url: '/v1/models?limit=1000', headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' } })
  })

  it('refuses bad input naming the field, unknown providers and local ones', async () => {
    const bad = await probe('/probe', { type: 'azure', base_url: 'x' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.param).toBe('type')
    expect((await probe('/nope/probe')).statusCode).toBe(404)
    expect((await probe('/local/probe')).json().error.message).toMatch(/runs on this machine/)
  })
})
