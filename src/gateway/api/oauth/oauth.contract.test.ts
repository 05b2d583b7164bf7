import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin } from '../../../../test/support/harness'

/** OAuth 2.0 client credentials (spec 5): clients in the admin API, tokens from /oauth/token that act as their client's key. */
let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())

type Client = { client_id: string; client_secret: string; scopes: string[]; status: string; secret_hint: string; kind: string }
type TokenReply = { access_token: string; token_type: string; expires_in: number; scope: string }
const alpha = () => h.gw.store.teams.getByName('alpha')!.id
const createClient = async (body: Record<string, unknown>) => {
  const res = await fetch(`${h.url}/admin/oauth-clients`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(201)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return (await res.json()) as Client
}
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${h.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() })
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}` })
const token = async (c: Client, scope?: string) => {
  const res = await form({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) }, basic(c.client_id, c.client_secret))
  expect(res.status).toBe(200)
  return ((await res.json()) as TokenReply).access_token
}
const models = (bearer: string) => fetch(`${h.url}/v1/models`, { headers: { authorization: `Bearer ${bearer}` } })
const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error

describe('POST /oauth/token', () => {
  let client: Client
  beforeEach(async () => {
    client = await createClient({ team_id: alpha(), name: 'ci' })
  })

  it('takes client_credentials as a form with HTTP Basic, as a form with the secret in the body, and as JSON', async () => {
    const viaBasic = await form({ grant_type: 'client_credentials' }, basic(client.client_id, client.client_secret))
    expect(viaBasic.status).toBe(200)
    expect(viaBasic.headers.get('cache-control')).toBe('no-store')
    const reply = (await viaBasic.json()) as TokenReply
    expect(reply).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'chat messages files audio' })
    expect(reply.access_token).toMatch(/^gth-oat-[\w-]{43}$/)

    const viaBody = await form({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, scope: 'chat' })
    expect(((await viaBody.json()) as TokenReply).scope).toBe('chat')
    const viaJson = await fetch(`${h.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }) })
    expect(viaJson.status).toBe(200)
  })

  it('answers RFC 6749 errors', async () => {
    const cases: Array<[Promise<Response>, number, string]> = [
      [form({}, basic(client.client_id, client.client_secret)), 400, 'invalid_request'],
      [form({ grant_type: 'password' }, basic(client.client_id, client.client_secret)), 400, 'unsupported_grant_type'],
      [form({ grant_type: 'client_credentials' }, basic(client.client_id, 'gth-cs-wrong')), 401, 'invalid_client'],
      [form({ grant_type: 'client_credentials' }, basic('gth-client-unknown', client.client_secret)), 401, 'invalid_client'],
      [form({ grant_type: 'client_credentials' }), 401, 'invalid_client'],
      [form({ grant_type: 'client_credentials', scope: 'chat admin' }, basic(client.client_id, client.client_secret)), 400, 'invalid_scope'],
      [form({ grant_type: 'client_credentials', client_id: client.client_id }, basic(client.client_id, client.client_secret)), 400, 'invalid_request'],
      [fetch(`${h.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&grant_type=client_credentials' }), 400, 'invalid_request'],
      [fetch(`${h.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' }), 400, 'invalid_request'],
    ]
    for (const [pending, status, error] of cases) {
      const res = await pending
      const body = (await res.json()) as Record<string, unknown>
      expect([res.status, body.error], JSON.stringify(body)).toEqual([status, error])
      expect(Object.keys(body).sort()).toEqual(['error', 'error_description'])
      expect(body.error_description).toBeTypeOf('string')
      if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/)
    }
  })

  it('describes itself at /.well-known/oauth-authorization-server', async () => {
    const meta = (await (await fetch(`${h.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>
    expect(meta).toMatchObject({ issuer: h.url, token_endpoint: `${h.url}/oauth/token`, grant_types_supported: ['client_credentials'], scopes_supported: ['chat', 'messages', 'files', 'audio'] })
  })
})

describe('a token acts as its client\'s key', () => {
  it('calls chat with the openai SDK, billed and logged as the client', async () => {
    const client = await createClient({ team_id: alpha() })
    const sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: await token(client), maxRetries: 0 })
    const reply = await sdk.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'via oauth' }] })
    expect(reply.choices[0]!.message.content).toBe('echo: via oauth')
    expect(h.usageRows()[0]).toMatchObject({ keyId: client.client_id, teamId: alpha(), status: 200 })
  })

  it('a user\'s client takes its team\'s settings and logs the user', async () => {
    const ana = h.gw.store.users.getByName('ana')!
    const client = await createClient({ user_id: ana.id, scopes: ['chat'] })
    expect(client.kind).toBe('user')
    const sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: await token(client), maxRetries: 0 })
    await sdk.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'as ana' }] })
    expect(h.usageRows()[0]).toMatchObject({ keyId: client.client_id, userId: ana.id })
  })

  it('holds only its scopes: 403 insufficient_scope elsewhere', async () => {
    const client = await createClient({ team_id: alpha(), scopes: ['files', 'audio'] })
    const files = await token(client)
    expect((await fetch(`${h.url}/v1/files`, { headers: { authorization: `Bearer ${files}` } })).status).toBe(200)
    const chat = await fetch(`${h.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${files}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }] }) })
    expect(chat.status).toBe(403)
    expect(await errorOf(chat)).toMatchObject({ code: 'insufficient_scope' })
    const narrowed = await token(client, 'audio')
    expect((await fetch(`${h.url}/v1/files`, { headers: { authorization: `Bearer ${narrowed}` } })).status).toBe(403)
    expect((await models(narrowed)).status).toBe(200)
  })

  it('expires after its lifetime (1 hour by default)', async () => {
    const client = await createClient({ team_id: alpha() })
    const t = await token(client)
    h.gw.clock.advance(3599_000)
    expect((await models(t)).status).toBe(200)
    h.gw.clock.advance(1_000)
    const res = await models(t)
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toMatchObject({ code: 'expired_token' })
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
  })

  it('rotating the secret ends the old secret and its tokens; revoking ends the client', async () => {
    const client = await createClient({ team_id: alpha(), token_ttl_seconds: 600 })
    const before = await token(client)
    h.gw.clock.advance(1000)
    const rotated = (await (await fetch(`${h.url}/admin/oauth-clients/${client.client_id}/rotate`, { method: 'POST', headers: admin })).json()) as Client
    expect(rotated.client_secret).not.toBe(client.client_secret)
    expect((await models(before)).status).toBe(401)
    expect((await form({ grant_type: 'client_credentials' }, basic(client.client_id, client.client_secret))).status).toBe(401)
    const after = await token(rotated)
    expect((await models(after)).status).toBe(200)

    const revoked = await fetch(`${h.url}/admin/oauth-clients/${client.client_id}/revoke`, { method: 'POST', headers: admin })
    expect(((await revoked.json()) as Client).status).toBe('revoked')
    expect((await models(after)).status).toBe(401)
    expect((await form({ grant_type: 'client_credentials' }, basic(rotated.client_id, rotated.client_secret))).status).toBe(401)
  })

  it('lists clients by hint only: the secret is never shown again nor stored', async () => {
    const client = await createClient({ team_id: alpha(), name: 'listed' })
    const list = await (await fetch(`${h.url}/admin/oauth-clients`, { headers: admin })).text()
    expect(list).toContain(client.client_id)
    expect(list).not.toContain(client.client_secret)
    const t = await token(client)
    const rows = JSON.stringify([...h.gw.store.db.prepare('SELECT * FROM oauth_clients').all(), ...h.gw.store.db.prepare('SELECT * FROM oauth_tokens').all()])
    expect(rows).not.toContain(client.client_secret.slice(7))
    expect(rows).not.toContain(t.slice(8))
  })
})
