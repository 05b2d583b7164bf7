import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../config/load-config'
import { startGateway, type RunningGateway } from '../../boot/start-gateway'
import { sleep } from '../../../../test/support/fake-upstream'
import { useTempDirs } from '../../../../test/support/temp-dirs'

/**
 * Web sessions are kept server-side: signing out revokes the cookie for good, "sign out everywhere"
 * ends every browser's session, and a new admin-token file ends them all without a restart.
 */
const newDataDir = useTempDirs('gh-web-sessions-')
let gw: RunningGateway
let dataDir: string
beforeEach(async () => {
  dataDir = newDataDir()
  gw = await startGateway({ config: resolveConfig({ teams: [{ name: 'solo' }], server: { port: 0 } }, 'test', {}), dataDir, env: {}, lockOwner: false })
})
afterEach(async () => gw.close())

const host = () => new URL(gw.url).host
const web = (cookie: string, extra: Record<string, string> = {}) => ({ cookie, 'x-gatehouse-web': '1', ...extra })
async function signIn(userAgent = 'test-browser'): Promise<string> {
  const res = await fetch(`${gw.url}/?token=${encodeURIComponent(gw.adminToken)}`, { redirect: 'manual', headers: { 'user-agent': userAgent } })
  expect(res.status).toBe(303)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
const status = (cookie: string) => fetch(`${gw.url}/admin/status`, { headers: web(cookie) }).then((r) => r.status)
const logout = (headers: Record<string, string>) => fetch(`${gw.url}/web/logout`, { method: 'POST', headers })

describe('web sessions', () => {
  it('signing out revokes the cookie: replaying it afterwards is refused', async () => {
    const cookie = await signIn()
    expect(await status(cookie)).toBe(200)
    const out = await logout(web(cookie, { origin: `http://${host()}` }))
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    expect(await status(cookie)).toBe(401)
  })

  it('refuses a logout without the web client header or from another origin, and the session lives on', async () => {
    const cookie = await signIn()
    const noHeader = await logout({ cookie })
    expect(noHeader.status).toBe(401)
    expect(((await noHeader.json()) as { error: { code: string } }).error.code).toBe('missing_web_client_header')
    const otherOrigin = await logout(web(cookie, { origin: 'http://evil.example' }))
    expect(otherOrigin.status).toBe(403)
    expect(await status(cookie)).toBe(200)
  })

  it('lists the sessions, marks this one, and signs out everywhere', async () => {
    const mine = await signIn('browser-one')
    const other = await signIn('browser-two')
    const res = await fetch(`${gw.url}/admin/web-sessions`, { headers: web(mine) })
    expect(res.status).toBe(200)
    const { data } = (await res.json()) as { data: Array<{ id: string; user_agent: string; current: boolean; created_at: number; last_seen_at: number; expires_at: number }> }
    expect(data.map((s) => [s.user_agent, s.current]).sort()).toEqual([
      ['browser-one', true],
      ['browser-two', false],
    ])
    expect(JSON.stringify(data)).not.toContain(mine.split('=')[1])

    const one = data.find((s) => s.user_agent === 'browser-two')!
    expect((await fetch(`${gw.url}/admin/web-sessions/${one.id}`, { method: 'DELETE', headers: web(mine) })).status).toBe(204)
    expect(await status(other)).toBe(401)
    expect(await status(mine)).toBe(200)

    const third = await signIn('browser-three')
    const all = await fetch(`${gw.url}/admin/web-sessions`, { method: 'DELETE', headers: web(mine) })
    expect(all.status).toBe(200)
    expect(await all.json()).toEqual({ ended: 2 })
    expect(await status(mine)).toBe(401)
    expect(await status(third)).toBe(401)
  })

  it('ends every session when the admin-token file changes, without a restart; the new token signs in', async () => {
    const cookie = await signIn()
    const next = 'a-brand-new-admin-token-0123456789'
    writeFileSync(join(dataDir, 'admin-token'), `${next}\n`)
    let code = 200
    for (let i = 0; i < 100 && code === 200; i++) {
      await sleep(100)
      code = await status(cookie)
    }
    expect(code).toBe(401)
    expect((await fetch(`${gw.url}/admin/status`, { headers: { authorization: `Bearer ${gw.adminToken}` } })).status).toBe(401)
    expect((await fetch(`${gw.url}/admin/status`, { headers: { authorization: `Bearer ${next}` } })).status).toBe(200)
  })

  it('closes the admin API when the token file is emptied, rather than opening it to an empty token', async () => {
    writeFileSync(join(dataDir, 'admin-token'), '')
    let code = 200
    for (let i = 0; i < 100 && code === 200; i++) {
      await sleep(100)
      code = (await fetch(`${gw.url}/admin/status`, { headers: { authorization: `Bearer ${gw.adminToken}` } })).status
    }
    expect(code).toBe(401)
    expect((await fetch(`${gw.url}/?token=`, { redirect: 'manual' })).status).toBe(401)
  })
})
