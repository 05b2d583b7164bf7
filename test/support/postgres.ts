import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import getPort from 'get-port'
import pg from 'pg'
import { inject } from 'vitest'
import { isProcessAlive } from '../../src/gateway/kernel/process-alive'

/**
 * A throwaway PostgreSQL cluster for the tests: Debian's binaries (initdb is not on PATH), a cluster made
 * with initdb in a temp dir on a free port, run as `nobody` when the tests run as root (PostgreSQL refuses
 * root). Started once per vitest run (test/global-setup.ts); each test file takes a fresh database copied
 * from a migrated template, which costs a few milliseconds.
 */
export const TEMPLATE_DATABASE = 'gatehouse_template'

/** The newest installed PostgreSQL's bin dir, or null (the PostgreSQL tests then report as skipped). */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(root, versions[0]!, 'bin') : null
}

export interface PostgresCluster {
  /** The admin URL (database `postgres`), with trust authentication on 127.0.0.1. */
  url: string
  /** Its folder in the temp dir: the data, the socket, the owner file. */
  dir: string
  stop(): Promise<void>
}

/** Whom to run the server as: the current user, or `nobody` when that is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const [uid, gid] = ['-u', '-g'].map((f) => Number(execFileSync('id', [f, 'nobody'], { encoding: 'utf8' }).trim()))
  return { uid: uid!, gid: gid! }
}

const CLUSTER_PREFIX = 'gh-postgres-'
/** The process that started a cluster, written into its folder: a cluster whose owner is gone is an orphan. */
const OWNER_FILE = 'owner.pid'

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  await sweepOrphanClusters()
  const dir = mkdtempSync(join(tmpdir(), CLUSTER_PREFIX))
  writeFileSync(join(dir, OWNER_FILE), String(process.pid))
  const user = serverUser()
  if (user) chownSync(dir, user.uid, user.gid)
  const data = join(dir, 'data')
  const asUser = user ? { uid: user.uid, gid: user.gid } : {}
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8'], {
    ...asUser,
    cwd: dir,
    stdio: 'pipe',
  })
  const port = await getPort({ host: '127.0.0.1' })
  const server: ChildProcess = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    { ...asUser, cwd: dir, stdio: 'ignore' },
  )
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  await waitUntilAccepting(url, exited)
  return {
    url,
    dir,
    async stop() {
      server.kill('SIGINT')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Stops and removes the clusters of test runs that died without stopping theirs (a runner killed mid-run leaves
 * its server running and ~50 MB in the temp dir). Only a cluster whose owner process is gone: another run's
 * cluster, live or still being made (no owner file yet), is left alone. A leftover that cannot be swept (another
 * user's) stays, and the run goes on.
 */
export async function sweepOrphanClusters(): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue
    const dir = join(tmpdir(), name)
    const owner = pidIn(join(dir, OWNER_FILE))
    if (owner === null || isProcessAlive(owner)) continue
    try {
      const server = serverPid(dir)
      if (server !== null && isProcessAlive(server)) {
        process.kill(server, 'SIGQUIT')
        for (let waited = 0; isProcessAlive(server) && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50))
      }
      rmSync(dir, { recursive: true, force: true })
    } catch {
      // left for its owner to remove
    }
  }
}

/** The postmaster's pid of the cluster in `dir`, or null when it has none. */
export const serverPid = (dir: string): number | null => pidIn(join(dir, 'data', 'postmaster.pid'))

/** The pid on the first line of a pid file, or null when there is none. */
function pidIn(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return pid > 0 ? pid : null
  } catch {
    return null
  }
}

async function waitUntilAccepting(url: string, exited: Promise<void>): Promise<void> {
  let gone = false
  void exited.then(() => (gone = true))
  for (;;) {
    if (gone) throw new Error('PostgreSQL exited while starting (see its log by running it by hand)')
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => {})
      await new Promise((r) => setTimeout(r, 50))
    }
  }
}

/** Runs SQL on the cluster's admin database. */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** The URL of a database of the same cluster. */
export const databaseUrl = (adminUrl: string, name: string): string => adminUrl.replace(/\/postgres$/, `/${name}`)

/** The cluster of this vitest run (test/global-setup.ts), or the reason there is none. */
export function testPostgres(): { url: string } | { skip: string } {
  const url = inject('postgresUrl')
  return url ? { url } : { skip: inject('postgresSkip') ?? 'PostgreSQL is not installed' }
}

let counter = 0

/** A fresh, migrated database copied from the template; dropped by the returned `drop`. */
export async function freshPostgresDatabase(adminUrl: string, template = TEMPLATE_DATABASE): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gh_${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`)
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

/**
 * Empties every table of a test database (the schema stays), much cheaper than a new database per test:
 * a test file takes one database (freshPostgresDatabase) and empties it before each test.
 */
export async function emptyPostgresDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = await client.query<{ name: string }>("SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'")
    await client.query(`TRUNCATE ${tables.rows.map((t) => t.name).join(', ')} RESTART IDENTITY CASCADE`)
  } finally {
    await client.end()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined
    postgresSkip: string | undefined
  }
}
