import { openDatabase, type Db } from './database'
import { createAgentsRepo } from './repos/agents-repo'
import { createCompanyRepo } from './repos/company-repo'
import { createCompletionsRepo } from './repos/completions-repo'
import { createKeysRepo } from './repos/keys-repo'
import { createModelsRepo } from './repos/models-repo'
import { createProvidersRepo } from './repos/providers-repo'
import { createSettingsRepo } from './repos/settings-repo'
import { createTeamsRepo } from './repos/teams-repo'
import { createUsageRepo } from './repos/usage-repo'
import { createUsersRepo } from './repos/users-repo'

export type Store = ReturnType<typeof createStore>

/** Every repository over one connection. `transaction` runs a function atomically across them. */
export function createStore(db: Db) {
  return {
    db,
    providers: createProvidersRepo(db),
    models: createModelsRepo(db),
    teams: createTeamsRepo(db),
    users: createUsersRepo(db),
    keys: createKeysRepo(db),
    company: createCompanyRepo(db),
    settings: createSettingsRepo(db),
    usage: createUsageRepo(db),
    completions: createCompletionsRepo(db),
    agents: createAgentsRepo(db),
    transaction<T>(fn: () => T): T {
      return db.transaction(fn)()
    },
    close(): void {
      db.close()
    },
  }
}

export function openStore(file: string, opts: { nativeBinding?: string } = {}): Store {
  return createStore(openDatabase(file, opts))
}
