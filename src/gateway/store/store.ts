import { openDatabase, type Db } from './database'
import { dialectOf } from './db'
import { describePostgresUrl, isPostgresUrl, openPostgresDatabase } from './postgres/open-postgres'
export { StoreUnreachableError } from './postgres/open-postgres'
import { createAgentsRepo } from './repos/agents-repo'
import { createAuditRepo } from './repos/audit-repo'
import { createGovernanceRepo } from './repos/governance-repo'
import { createBatchLeasesRepo } from './repos/batch-leases-repo'
import { createBatchLinesRepo } from './repos/batch-lines-repo'
import { createBatchesRepo } from './repos/batches-repo'
import { createChunksRepo } from './repos/chunks-repo'
import { createCollectionsRepo } from './repos/collections-repo'
import { createCompanyRepo } from './repos/company-repo'
import { createCompletionsRepo } from './repos/completions-repo'
import { createConversationsRepo } from './repos/conversations-repo'
import { createCreditHoldsRepo } from './repos/credit-holds-repo'
import { createFilesRepo } from './repos/files-repo'
import { createInstancesRepo } from './repos/instances-repo'
import { createKeysRepo } from './repos/keys-repo'
import { createMcpServersRepo } from './repos/mcp-servers-repo'
import { createModelsRepo } from './repos/models-repo'
import { createOAuthRepo } from './repos/oauth-repo'
import { createProvidersRepo } from './repos/providers-repo'
import { createRecordingEditsRepo } from './repos/recording-edits-repo'
import { createRecordingSummariesRepo } from './repos/recording-summaries-repo'
import { createRecordingsRepo } from './repos/recordings-repo'
import { createResponseCacheRepo } from './repos/response-cache-repo'
import { createResponsesRepo } from './repos/responses-repo'
import { createSettingsRepo } from './repos/settings-repo'
import { createTeamsRepo } from './repos/teams-repo'
import { createUsageOwnersRepo } from './repos/usage-owners-repo'
import { createUsageRepo } from './repos/usage-repo'
import { createUsageStatsRepo } from './repos/usage-stats-repo'
import { createUsersRepo } from './repos/users-repo'
import { loadVectorExtension } from './vector-extension'
import { createWebSessionsRepo } from './repos/web-sessions-repo'
import { createWatchedFilesRepo } from './repos/watched-files-repo'

export type Store = ReturnType<typeof createStore>

/** Every repository over one connection. `transaction` runs a function atomically across them. */
export function createStore(db: Db) {
  const models = createModelsRepo(db)
  const keys = createKeysRepo(db)
  const usage = createUsageRepo(db)
  const oauth = createOAuthRepo(db)
  const clearCredentials = () => {
    keys.clearCache()
    oauth.clearCache()
  }
  const runInTransaction = db.transaction((fn: () => unknown) => fn())
  return {
    db,
    /** Which engine holds the state: `sqlite` (the data dir's file) or `postgres` (shared by instances). */
    engine: dialectOf(db),
    providers: cascading(createProvidersRepo(db), () => models.clearCache()),
    models,
    teams: cascading(createTeamsRepo(db), clearCredentials),
    users: cascading(createUsersRepo(db), clearCredentials),
    keys,
    oauth,
    company: createCompanyRepo(db),
    settings: createSettingsRepo(db),
    files: createFilesRepo(db),
    batches: createBatchesRepo(db),
    batchLines: createBatchLinesRepo(db),
    usage,
    usageStats: createUsageStatsRepo(db, usage),
    completions: createCompletionsRepo(db),
    responses: createResponsesRepo(db),
    responseCache: createResponseCacheRepo(db),
    agents: createAgentsRepo(db),
    conversations: createConversationsRepo(db),
    recordings: createRecordingsRepo(db),
    recordingEdits: createRecordingEditsRepo(db),
    recordingSummaries: createRecordingSummariesRepo(db),
    watchedFiles: createWatchedFilesRepo(db),
    collections: createCollectionsRepo(db),
    chunks: createChunksRepo(db, loadVectorExtension(db)),
    webSessions: createWebSessionsRepo(db),
    mcpServers: createMcpServersRepo(db),
    governance: createGovernanceRepo(db),
    audit: createAuditRepo(db),
    instances: createInstancesRepo(db),
    creditHolds: createCreditHoldsRepo(db),
    usageOwners: createUsageOwnersRepo(db),
    batchLeases: createBatchLeasesRepo(db),
    transaction<T>(fn: () => T): T {
      return runInTransaction(fn) as T
    },
    close(): void {
      db.close()
    },
  }
}

/** A delete that cascades (ON DELETE CASCADE) also empties the caches of the rows it took along. */
function cascading<R extends { delete(id: string): boolean }>(repo: R, clearDependents: () => void): R {
  const remove = repo.delete.bind(repo)
  return Object.assign(repo, {
    delete(id: string) {
      clearDependents()
      return remove(id)
    },
  })
}

/** `location`: a SQLite file (or `:memory:`), or a `postgres://` URL (`store.url`). */
export function openStore(location: string, opts: { nativeBinding?: string } = {}): Store {
  return createStore(isPostgresUrl(location) ? openPostgresDatabase(location) : openDatabase(location, opts))
}

/** A store's location as it may be shown (logs, Settings): never a PostgreSQL password. */
export const describeStore = (location: string): string => (isPostgresUrl(location) ? `PostgreSQL ${describePostgresUrl(location)}` : `SQLite ${location}`)
