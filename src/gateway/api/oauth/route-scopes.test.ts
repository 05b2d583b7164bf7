import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { admin } from '../../../../test/support/harness'
import { OAUTH_SCOPES } from '../../../shared/admin-wire'

/** The routes every OAuth token may call, whatever its scopes. */
const ANY_SCOPE = new Set(['GET /v1/models', 'GET /v1/models/:model'])

/** Every route the gateway serves, read from Fastify's route tree (printRoutes nests a path under its prefix, 4 columns a level). */
function routesOf(app: FastifyInstance): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[└├]── (\S+)(?: \(([^)]*)\))?$/.exec(line)
    if (!m) continue
    stack.length = m[1]!.length / 4
    stack.push(m[2]!)
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, path: stack.join('') })
  }
  return routes
}

let h: ChatHarness
const tokens = new Map<string, string>()
beforeAll(async () => {
  h = await startChatHarness()
  const created = await fetch(`${h.url}/admin/oauth-clients`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ team_id: h.gw.store.teams.getByName('alpha')!.id }) })
  const client = (await created.json()) as { client_id: string; client_secret: string }
  for (const scope of OAUTH_SCOPES) {
    const res = await fetch(`${h.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret, scope }) })
    tokens.set(scope, ((await res.json()) as { access_token: string }).access_token)
  }
})
afterAll(async () => h.close())

describe('OAuth scopes on every /v1 route', () => {
  it('lets exactly one scope through each route (any scope only where it is meant to), so no route is open to every token', async () => {
    const v1 = routesOf(h.gw.app).filter((r) => r.path.startsWith('/v1/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    expect(v1.map((r) => `${r.method} ${r.path}`)).toContain('POST /v1/embeddings')
    const passedBy: Record<string, string[]> = {}
    for (const { method, path } of v1) {
      const url = h.url + path.replace(/:[^/]+|\*/g, 'x')
      const route = `${method} ${path}`
      passedBy[route] = []
      for (const [scope, token] of tokens) {
        const res = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' })
        // OpenAI's shape carries code insufficient_scope; Anthropic's (/v1/messages) only the message.
        const body = (await res.json()) as { error?: { code?: string; message?: string } }
        const refused = res.status === 403 && (body.error?.code === 'insufficient_scope' || /which this endpoint needs/.test(body.error?.message ?? ''))
        if (!refused) passedBy[route].push(scope)
      }
    }
    for (const [route, scopes] of Object.entries(passedBy)) {
      expect([route, scopes.length]).toEqual([route, ANY_SCOPE.has(route) ? OAUTH_SCOPES.length : 1])
    }
    expect(passedBy['POST /v1/embeddings']).toEqual(['chat'])
  })
})
