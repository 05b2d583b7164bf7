import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stopChild } from '../../../test/support/child-processes'
import { sleep } from '../../../test/support/fake-upstream'
import { TEAM_KEY } from '../../../test/support/harness'
import { resolveConfig } from '../config/load-config'
import { startGateway, type RunningGateway } from './start-gateway'

/**
 * Two gateway processes on one data dir, the single-owner lock bypassed for the test (a second
 * `serve` refuses to start: see cli.test.ts). Security state written through one is honoured by
 * the other: its caches notice the other's commits (SQLite data_version).
 */
const configData = { credits: 100, teams: [{ name: 'alpha', keys: [TEAM_KEY] }], server: { port: 0 } }
let dataDir: string
let configFile: string
let a: RunningGateway
let b: ChildProcess
let bUrl: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gh-two-'))
  configFile = `${dataDir}.json`
  writeFileSync(configFile, JSON.stringify(configData))
  a = await startGateway({ config: resolveConfig(configData, 'test', {}), dataDir, env: {}, lockOwner: false })
  b = spawn(process.execPath, ['--import', 'tsx', 'test/support/gateway-on-data-dir.ts', configFile, dataDir], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] })
  bUrl = await new Promise<string>((resolve, reject) => {
    let out = ''
    b.stdout!.on('data', (d) => {
      out += d
      const m = /listening on (\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    b.once('exit', (code) => reject(new Error(`the second gateway exited ${code}`)))
  })
})
afterAll(async () => {
  if (b) await stopChild(b)
  await a?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(configFile, { force: true })
})

const adminCall = (url: string, path: string, method = 'GET', body?: unknown) =>
  fetch(`${url}/admin${path}`, { method, headers: { authorization: `Bearer ${a.adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
const models = (url: string, key: string) => fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } })

describe('two processes on one data dir', () => {
  it('a key revoked through one is refused by the other, soon after', async () => {
    const teams = (await (await adminCall(a.url, '/teams')).json()) as { data: Array<{ id: string; name: string }> }
    const issued = (await (await adminCall(a.url, '/keys', 'POST', { team_id: teams.data[0]!.id })).json()) as { id: string; key: string }
    // B knows the key (and caches it) before it is revoked
    expect((await models(bUrl, issued.key)).status).toBe(200)
    expect((await models(bUrl, issued.key)).status).toBe(200)

    expect((await adminCall(a.url, `/keys/${issued.id}/revoke`, 'POST')).status).toBe(200)
    const revokedAt = Date.now()
    let res = await models(bUrl, issued.key)
    for (let i = 0; i < 200 && res.status === 200; i++) {
      await sleep(25)
      res = await models(bUrl, issued.key)
    }
    const tookMs = Date.now() - revokedAt
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('revoked_api_key')
    console.log(`the second process refused the revoked key ${tookMs} ms after the revocation`)
  })

  it('teams and credits changed through one are what the other uses', async () => {
    const team = (await (await adminCall(a.url, '/teams', 'POST', { name: 'gamma' })).json()) as { id: string }
    const issued = (await (await adminCall(a.url, '/keys', 'POST', { team_id: team.id })).json()) as { key: string }
    expect((await models(bUrl, issued.key)).status).toBe(200)
    const balance = async (url: string) => ((await (await adminCall(url, '/credits')).json()) as { balance: number }).balance
    const before = await balance(bUrl)

    expect((await adminCall(a.url, `/teams/${team.id}`, 'DELETE')).status).toBeLessThan(300)
    expect((await adminCall(a.url, '/credits', 'POST', { add: 5 })).status).toBe(200)
    let status = 200
    for (let i = 0; i < 200 && status === 200; i++) {
      await sleep(25)
      status = (await models(bUrl, issued.key)).status
    }
    expect(status).toBe(401)
    expect(await balance(bUrl)).toBe(before + 5)
  })
})
