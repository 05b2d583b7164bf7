import { existsSync, readdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { RUN_MARKER } from './test/support/run-processes'

/**
 * The contract tests that also run with the gateway's state in PostgreSQL (test/support/test-store.ts):
 * one of each wire family and the state they keep (chat, messages, responses, files, batches, keys,
 * credits, usage, and the admin state: teams, OAuth clients, MCP servers, conversations, recordings), and
 * issue 27's state kept in the store (rate windows shared by instances, budgets, the response cache, audit).
 * The repository tests run on both engines within the default project.
 */
export const POSTGRES_CONTRACTS = [
  'src/gateway/api/chat/chat-completions.contract.test.ts',
  'src/gateway/api/chat/chat-fallbacks-credits.contract.test.ts',
  'src/gateway/api/messages/messages-front.contract.test.ts',
  'src/gateway/api/responses/responses.contract.test.ts',
  'src/gateway/api/files/files.contract.test.ts',
  'src/gateway/api/batches/batches.contract.test.ts',
  'src/gateway/api/admin/keys-admin.test.ts',
  'src/gateway/api/admin/credits-admin.test.ts',
  'src/gateway/api/admin/usage-stats-admin.test.ts',
  'src/gateway/api/admin/teams-users-admin.test.ts',
  'src/gateway/api/admin/conversations-admin.test.ts',
  'src/gateway/api/admin/recordings-admin.test.ts',
  'src/gateway/api/oauth/oauth.contract.test.ts',
  'src/gateway/api/mcp/mcp-admin.contract.test.ts',
  'src/gateway/services/governance/rate-limits.contract.test.ts',
  'src/gateway/services/governance/budgets.contract.test.ts',
  'src/gateway/services/cache/response-cache.contract.test.ts',
  'src/gateway/api/admin/audit-admin.test.ts',
  'src/gateway/api/admin/recording-transcripts.test.ts',
]

// Debian's PostgreSQL (test/support/postgres.ts); without it the repository tests' PostgreSQL runs report as skipped.
const hasPostgres = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0
if (!hasPostgres) console.warn('PostgreSQL is not installed (Debian: apt-get install postgresql): the contract tests on PostgreSQL are left out.')

/**
 * The gateway's files share one module graph per worker process (`isolate: false`: each file closes what it starts),
 * which spares importing the gateway afresh per file, over 5 of a 12-minute run. The renderer's component tests
 * share a DOM and stores between files, so they keep a fresh graph each, in a project of their own.
 */
const RENDERER_TESTS = 'src/renderer/**/*.test.{ts,tsx}'

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // One test file per core, not vitest's cores - 1: most files wait on child processes, engines and sockets,
    // and on a 2-core machine the default left one worker running the whole suite file after file.
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ['test/global-setup.ts'],
    // Marks every process a test starts as this run's, for the report of those left running (test/process-leak-reporter.ts).
    env: { [RUN_MARKER]: String(process.pid) },
    // Tests that start gateways, engines or real clients take 6-10 s alone and two to three times that beside the
    // other worker on a loaded 2-core runner; a minute keeps them clear of it and still ends a hung test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/temp-leak-reporter.ts', './test/process-leak-reporter.ts', './test/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'], exclude: [...configDefaults.exclude, RENDERER_TESTS], isolate: false } },
      { extends: true, test: { name: 'renderer', include: [RENDERER_TESTS] } },
      ...(hasPostgres ? [{ extends: true as const, test: { name: 'postgres', include: POSTGRES_CONTRACTS, isolate: false, provide: { storeEngine: 'postgres' as const } } }] : []),
    ],
  },
})
