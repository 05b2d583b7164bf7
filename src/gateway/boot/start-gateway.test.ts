import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { admin, baseConfigData, bearer, startTestGateway, TEAM_KEY } from '../../../test/support/harness'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { resolveConfig } from '../config/load-config'
import { AdminTokenError } from '../security/admin-token'
import { SealedSecretsError } from '../security/key-slots'
import { LOCK_FILE } from './data-dir-lock'
import { startGateway } from './start-gateway'

const newDataDir = useTempDirs('gh-start-')

describe('restart persistence', () => {
  it('keeps admin-made rows, spent credits and model ids; config rows are not duplicated', async () => {
    const dataDir = newDataDir()
    const first = await startTestGateway({ dataDir })
    const modelIds = first.store.models.list().map((m) => [m.name, m.id])
    const created = await first.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload: { team_id: first.store.teams.getByName('alpha')!.id } })
    const team = await first.app.inject({ method: 'POST', url: '/admin/teams', headers: admin, payload: { name: 'delta', models: ['voice'] } })
    first.store.company.add(-250_000_000)
    await first.close()

    const second = await startTestGateway({ dataDir })
    try {
      expect(second.store.models.list().map((m) => [m.name, m.id])).toEqual(modelIds)
      expect(second.store.teams.list().map((t) => t.name)).toEqual(['alpha', 'beta', 'delta'])
      expect(second.store.teams.getByName('delta')!.id).toBe(team.json().id)
      expect(second.store.keys.list()).toHaveLength(4)
      expect(second.store.users.list()).toHaveLength(1)
      expect(second.store.providers.list()).toHaveLength(3)
      const credits = await second.app.inject({ method: 'GET', url: '/admin/credits', headers: admin })
      expect(credits.json()).toEqual({ balance: 750 })
      expect((await second.app.inject({ method: 'GET', url: '/v1/models', headers: bearer(created.json().key) })).statusCode).toBe(200)
      expect((await second.app.inject({ method: 'GET', url: '/v1/models', headers: bearer(TEAM_KEY) })).statusCode).toBe(200)
    } finally {
      await second.close()
    }
  })

  it('follows the config: a raised budget adds the difference, removed rows leave, removed keys stop working', async () => {
    const dataDir = newDataDir()
    const first = await startTestGateway({ dataDir })
    first.store.company.add(-100_000_000)
    await first.close()

    const data = baseConfigData({ credits: 1500, users: [] })
    ;(data.teams as Array<{ name: string }>).splice(1, 1)
    const second = await startTestGateway({ dataDir, configData: data })
    try {
      expect(second.store.company.balanceMicro()).toBe(1400_000_000)
      expect(second.store.teams.list().map((t) => t.name)).toEqual(['alpha'])
      expect(second.store.users.list()).toEqual([])
    } finally {
      await second.close()
    }
  })
})

describe('startGateway', () => {
  it('issues a first-run key once, keeps the admin token 0600, and serves /health', async () => {
    const dataDir = newDataDir()
    const config = resolveConfig({ teams: [{ name: 'solo' }], server: { port: 0 } }, 'test', {})
    const first = await startGateway({ config, dataDir, env: {} })
    try {
      expect(first.firstRunKey?.teamName).toBe('solo')
      expect(first.firstRunKey?.plaintext).toMatch(/^gth-team-/)
      expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600)
      expect(statSync(dataDir).mode & 0o777).toBe(0o700)
      const health = await fetch(`${first.url}/health`)
      expect(health.status).toBe(200)
      const models = await fetch(`${first.url}/v1/models`, { headers: bearer(first.firstRunKey!.plaintext) })
      expect(models.status).toBe(200)
    } finally {
      await first.close()
    }
    const second = await startGateway({ config, dataDir, env: {} })
    try {
      expect(second.firstRunKey).toBeNull()
      expect(second.adminToken).toBe(first.adminToken)
    } finally {
      await second.close()
    }
  })

  it('refuses an empty admin-token file instead of opening the admin API to an empty token, and leaves no lock behind', async () => {
    const dataDir = newDataDir()
    writeFileSync(join(dataDir, 'admin-token'), '')
    const config = resolveConfig({ teams: [{ name: 'solo' }], server: { port: 0 } }, 'test', {})
    await expect(startGateway({ config, dataDir, env: {} })).rejects.toThrow(AdminTokenError)
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })

  it('headless, refuses a data dir whose secrets only the desktop app can unseal, and leaves no lock behind', async () => {
    const dataDir = newDataDir()
    writeFileSync(join(dataDir, 'secret.key.sealed'), 'sealed by the keychain')
    const config = resolveConfig({ teams: [{ name: 'solo' }], server: { port: 0 } }, 'test', {})
    await expect(startGateway({ config, dataDir, env: {} })).rejects.toThrow(SealedSecretsError)
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false)
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  })
})
