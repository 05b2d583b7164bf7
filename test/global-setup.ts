import type { TestProject } from 'vitest/node'
import { buildIfStale, gatewayBundle, webRenderer } from '../src/renderer/build-if-stale.mjs'
import { openPostgresDatabase } from '../src/gateway/store/postgres/open-postgres'
import { adminQuery, databaseUrl, postgresBinDir, startPostgresCluster, TEMPLATE_DATABASE, type PostgresCluster } from './support/postgres'
import { pythonWithSdks } from './support/python-sdk'
import { realClientsDir } from './support/real-clients'

/**
 * Installs the real clients the tests drive (Claude Code and Codex CLI from npm, the Python SDKs in a
 * venv) once, before any test file runs: test files run in parallel and would otherwise race to build
 * the same cache. Both are kept under node_modules/.cache, so later runs find them at once.
 * Builds the web UI and the serve bundle when stale, for the same reason: several files start `npm run serve`'s
 * script, and two builds of one bundle at once left a gateway whose start-up collection dropped no bytecode
 * (test/serve-lean-start.test.ts, from a clean tree only).
 * Starts the PostgreSQL cluster the tests on that engine share, with a migrated template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  realClientsDir()
  pythonWithSdks()
  buildIfStale(webRenderer)
  if (!buildIfStale(gatewayBundle)) throw new Error('The serve bundle did not build (see the output above).')
  const cluster = await startTestPostgres(project)
  return async () => {
    await cluster?.stop()
  }
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
