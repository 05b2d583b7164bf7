import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPostgresDatabase } from '../src/gateway/store/postgres/open-postgres'
import { adminQuery, databaseUrl, postgresBinDir, startPostgresCluster, TEMPLATE_DATABASE, type PostgresCluster } from './support/postgres'
import { installPythonSdks } from './support/python-sdk'
import { installRealClients } from './support/real-clients'
import { runInherited } from './support/run-inherited'

/**
 * Installs the real clients the tests drive (Claude Code and Codex CLI from npm, the Python SDKs in a
 * venv) once, before any test file runs: test files run in parallel and would otherwise race to build
 * the same cache. Both are kept under node_modules/.cache, so later runs find them at once.
 * Builds the web UI and the serve bundle when stale, for the same reason: several files start `npm run serve`'s
 * script, and two builds of one bundle at once left a gateway whose start-up collection dropped no bytecode
 * (test/serve-lean-start.test.ts, from a clean tree only).
 * The three run at once: on a fresh clone they are ~60 s one after another, each mostly one core's work.
 * Starts the PostgreSQL cluster the tests on that engine share, with a migrated template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // build-if-stale.mjs run as a script builds both bundles when stale: the web UI, then the serve bundle
  const builds = runInherited(process.execPath, [join(import.meta.dirname, '../src/renderer/build-if-stale.mjs')])
  await settleAll([installRealClients(), installPythonSdks(), builds])
  const cluster = await startTestPostgres(project)
  return async () => {
    await cluster?.stop()
  }
}

/** Waits for every step (none is left running when one fails), then throws the first failure. */
async function settleAll(steps: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find((r) => r.status === 'rejected')
  if (failed) throw failed.reason
}

async function startTestPostgres(project: TestProject): Promise<PostgresCluster | null> {
  const bin = postgresBinDir()
  if (!bin) {
    project.provide('postgresUrl', undefined)
    project.provide('postgresSkip', 'PostgreSQL is not installed (Debian: apt-get install postgresql)')
    return null
  }
  const cluster = await startPostgresCluster(bin)
  await adminQuery(cluster.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`)
  openPostgresDatabase(databaseUrl(cluster.url, TEMPLATE_DATABASE)).close()
  project.provide('postgresUrl', cluster.url)
  project.provide('postgresSkip', undefined)
  return cluster
}
