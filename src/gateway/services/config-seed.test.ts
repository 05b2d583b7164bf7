import { expect, it } from 'vitest'
import { manualClock } from '../../../test/support/harness'
import { describeOnEngines, type EngineContext } from '../../../test/support/store-engines'
import { defaultConfig, resolveConfig } from '../config/load-config'
import { randomIds } from '../kernel/system-runtime'
import { aesGcmCipher } from '../security/secret-cipher'
import { createTeamsAdmin } from './admin/teams-admin'
import type { KeyService } from './keys/key-service'
import { seedFromConfig } from './config-seed'

function seeded(engine: EngineContext, config = defaultConfig()) {
  const store = engine.open()
  const deps = { store, clock: manualClock(), ids: randomIds, cipher: aesGcmCipher(Buffer.alloc(32, 7)) }
  seedFromConfig(config, deps)
  return { store, deps, teams: createTeamsAdmin({ ...deps, keys: {} as KeyService, configSource: config.source }) }
}

describeOnEngines('seeding the store from the config (issue 22)', (engine) => {
  it("with the built-in defaults, the default team is the admin's to change, and a restart keeps the change", () => {
    const { deps, teams } = seeded(engine)
    const team = teams.list().find((t) => t.name === 'default')!
    expect(team.source).toBe('admin')
    expect(teams.update(team.id, { models: ['voice'] }).models).toEqual(['voice'])
    seedFromConfig(defaultConfig(), deps)
    expect(teams.list().find((t) => t.name === 'default')).toMatchObject({ id: team.id, models: ['voice'], source: 'admin' })
  })

  it('a default team an earlier version seeded as the config\'s becomes the admin\'s, keeping its id and models', () => {
    const { deps, teams } = seeded(engine, resolveConfig({ teams: [{ name: 'default', models: [] }] }, 'old.yaml', {}))
    const before = teams.list()[0]!
    expect(before.source).toBe('config')
    seedFromConfig(defaultConfig(), deps)
    expect(teams.list()[0]).toMatchObject({ id: before.id, name: 'default', models: [], source: 'admin' })
  })

  it('a team defined in a config file stays read-only, saying where to change it', () => {
    const { teams } = seeded(engine, resolveConfig({ teams: [{ name: 'research' }] }, '/etc/gatehouse.yaml', {}))
    const team = teams.list()[0]!
    expect(() => teams.update(team.id, { models: [] })).toThrow(/comes from the config file \(\/etc\/gatehouse.yaml\)/)
  })
})
