import Fastify from 'fastify'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { randomIds } from '../../kernel/system-runtime'
import { fixedAdminToken } from '../../security/admin-token'
import { createWebSessions } from '../../services/auth/web-sessions'
import { openStore } from '../../store/store'
import { loginUrl } from './login-url'
import { webRoutes } from './web-routes'

/** The web routes' own dependencies over an in-memory store, for tests of the routes alone. */
function sessionDeps(token: string) {
  const adminToken = fixedAdminToken(token)
  return { adminToken, sessions: createWebSessions({ store: openStore(':memory:'), clock: { now: Date.now }, ids: randomIds, adminToken }) }
}

let gw: TestGateway
beforeEach(async () => {
  gw = await startTestGateway()
})
afterEach(async () => gw.close())

const login = async (token = ADMIN_TOKEN) => gw.app.inject({ method: 'GET', url: `/?token=${encodeURIComponent(token)}` })
const sessionFrom = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!
const status = (headers: Record<string, string>) => gw.app.inject({ method: 'GET', url: '/admin/status', headers: { host: '127.0.0.1:4310', ...headers } })

describe('web mode login: /?token= trades the admin token for a session cookie', () => {
  it('sets an HttpOnly, SameSite=Strict cookie that never holds the token, and redirects to / without it', async () => {
    const res = await login()
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/')
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/^gatehouse_session=v2\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/)
    expect(cookie).not.toContain(ADMIN_TOKEN)
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('refuses a wrong token with a page that says so, and sets no cookie', async () => {
    const res = await login('not-the-token')
    expect(res.statusCode).toBe(401)
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.body).toContain('not valid')
  })

  it('opens the admin API to the cookie only from the gateway\'s own pages', async () => {
    const cookie = sessionFrom((await login()).headers['set-cookie'])
    expect((await status({})).statusCode).toBe(401)
    expect((await status({ cookie, 'x-gatehouse-web': '1' })).statusCode).toBe(200)
    expect((await status({ cookie, 'x-gatehouse-web': '1', origin: 'http://127.0.0.1:4310' })).statusCode).toBe(200)
    // no web-client header: a plain cross-site form or image request
    expect((await status({ cookie })).json().error.code).toBe('invalid_web_session')
    // another origin on the same machine (same site, different port)
    expect((await status({ cookie, 'x-gatehouse-web': '1', origin: 'http://127.0.0.1:8080' })).statusCode).toBe(401)
    // a forged or tampered value
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect((await status({ cookie: tampered, 'x-gatehouse-web': '1' })).statusCode).toBe(401)
  })

  it('expires sessions after 30 days', async () => {
    const cookie = sessionFrom((await login()).headers['set-cookie'])
    gw.clock.advance(31 * 86400_000)
    expect((await status({ cookie, 'x-gatehouse-web': '1' })).statusCode).toBe(401)
  })

  it('signs in from the login form with POST /web/session and out with POST /web/logout', async () => {
    const bad = await gw.app.inject({ method: 'POST', url: '/web/session', headers: { 'x-gatehouse-web': '1' }, payload: { token: 'nope' } })
    expect(bad.statusCode).toBe(401)
    const noHeader = await gw.app.inject({ method: 'POST', url: '/web/session', payload: { token: ADMIN_TOKEN } })
    expect(noHeader.statusCode).toBe(401)
    const ok = await gw.app.inject({ method: 'POST', url: '/web/session', headers: { 'x-gatehouse-web': '1' }, payload: { token: ADMIN_TOKEN } })
    expect(ok.statusCode).toBe(204)
    expect((await status({ cookie: sessionFrom(ok.headers['set-cookie']), 'x-gatehouse-web': '1' })).statusCode).toBe(200)
    const out = await gw.app.inject({ method: 'POST', url: '/web/logout', headers: { 'x-gatehouse-web': '1' } })
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0')
  })
})

describe('serving the built renderer', () => {
  const tempDir = useTempDirs('gh-web-')
  const serveDir = async (dir: string) => {
    const app = Fastify()
    await app.register(webRoutes, { ...sessionDeps(ADMIN_TOKEN), rendererDir: dir })
    return app
  }

  it('serves index.html at / without caching and hashed assets as immutable', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Gatehouse</title>')
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
    const app = await serveDir(dir)
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['x-frame-options']).toBe('DENY')
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect((await app.inject({ method: 'GET', url: '/assets/../index.html' })).statusCode).not.toBe(200)
    await app.close()
  })

  it('serves the favicon the renderer ships, and 404 without one', async () => {
    const dir = tempDir()
    const icon = Buffer.from([0, 0, 1, 0, 1, 0])
    writeFileSync(join(dir, 'favicon.ico'), icon)
    const app = await serveDir(dir)
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/x-icon')
    expect(res.rawPayload.equals(icon)).toBe(true)
    await app.close()
    const bare = await serveDir(join(tmpdir(), 'gh-web-missing-dir'))
    expect((await bare.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404)
    await bare.close()
  })

  it('says how to build the UI when it is not built', async () => {
    const app = await serveDir(join(tmpdir(), 'gh-web-missing-dir'))
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(503)
    expect(page.body).toContain('npm run build:renderer')
    await app.close()
  })
})

describe('loginUrl', () => {
  it('builds the notebook-style URL, showing wildcard binds as loopback', () => {
    expect(loginUrl('http://127.0.0.1:4310', 'abc')).toBe('http://127.0.0.1:4310/?token=abc')
    expect(loginUrl('http://0.0.0.0:4310', 'a+b')).toBe('http://127.0.0.1:4310/?token=a%2Bb')
  })
})

describe('an empty admin token never signs anyone in', () => {
  it('refuses /?token= with an empty token even when the gateway was handed an empty one', async () => {
    const app = Fastify()
    await app.register(webRoutes, { ...sessionDeps(''), rendererDir: join(tmpdir(), 'gh-web-missing-dir') })
    const res = await app.inject({ method: 'GET', url: '/?token=' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['set-cookie']).toBeUndefined()
    await app.close()
  })
})
