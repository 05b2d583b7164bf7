import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest'
import { openStore, type Store } from '../../src/gateway/store/store'
import { emptyPostgresDatabase, freshPostgresDatabase, testPostgres } from './postgres'

export type StoreEngine = 'sqlite' | 'postgres'

export interface EngineContext {
  engine: StoreEngine
  /** Where a store of this test lives: a fresh SQLite file (or `:memory:`) or an emptied PostgreSQL database. */
  location(): string
  /** A store on this test's database; closed after the test. Open it twice for two connections (two processes). */
  open(): Store
}

/**
 * Runs a suite once per store engine: on SQLite (`sqliteFile` makes the location, `:memory:` by default)
 * and on PostgreSQL, each test with an empty database. Without PostgreSQL the second run reports as skipped
 * with the reason.
 */
export function describeOnEngines(title: string, body: (ctx: EngineContext) => void, sqliteFile: () => string = () => ':memory:'): void {
  for (const engine of ['sqlite', 'postgres'] as const) {
    const pg = engine === 'postgres' ? testPostgres() : null
    if (pg && 'skip' in pg) {
      describe.skip(`${title} [postgres: ${pg.skip}]`, () => body(unavailable(engine)))
      continue
    }
    describe(`${title} [${engine}]`, () => {
      let location = ''
      let database: { url: string; drop: () => Promise<void> } | undefined
      const stores: Store[] = []
      // PostgreSQL: one database per suite (a copy of the migrated template), emptied before each test.
      beforeAll(async () => {
        if (pg && 'url' in pg) database = await freshPostgresDatabase(pg.url)
      })
      afterAll(async () => {
        await database?.drop()
      })
      beforeEach(async () => {
        if (database) {
          await emptyPostgresDatabase(database.url)
          location = database.url
        } else location = sqliteFile()
      })
      afterEach(() => {
        stores.splice(0).forEach((s) => s.close())
      })
      body({
        engine,
        location: () => location,
        open() {
          const store = openStore(location)
          stores.push(store)
          return store
        },
      })
    })
  }
}

const unavailable = (engine: StoreEngine): EngineContext => ({
  engine,
  location: () => {
    throw new Error('skipped')
  },
  open: () => {
    throw new Error('skipped')
  },
})
