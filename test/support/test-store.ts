import { join } from 'node:path'
import { inject } from 'vitest'
import { freshPostgresDatabase } from './postgres'

/**
 * Where a test gateway keeps its state: SQLite in its data dir, or, in the vitest project that runs the
 * contract tests on PostgreSQL (vitest.config.ts, `storeEngine: 'postgres'`), a fresh database copied
 * from the migrated template of the run's cluster. Reusing a data dir reuses its database.
 */
const databases = new Map<string, string>()

export async function testStoreLocation(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const sqlite = { url: join(dataDir, 'gatehouse.db'), drop: async () => {} }
  if (inject('storeEngine') !== 'postgres') return sqlite
  const admin = inject('postgresUrl')
  if (!admin) throw new Error(`This run asks for PostgreSQL, which is not available: ${inject('postgresSkip')}`)
  const known = databases.get(dataDir)
  if (known) return { url: known, drop: async () => {} }
  const fresh = await freshPostgresDatabase(admin)
  databases.set(dataDir, fresh.url)
  return { url: fresh.url, drop: async () => {} }
}

declare module 'vitest' {
  export interface ProvidedContext {
    storeEngine: 'sqlite' | 'postgres' | undefined
  }
}
