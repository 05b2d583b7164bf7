import { vi } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { buildGateway } from '../../src/gateway/boot/app'
import { createBlobStore } from '../../src/gateway/blobs/blob-store'
import type { GatewayConfig } from '../../src/gateway/config/gateway-config'
import { resolveConfig } from '../../src/gateway/config/load-config'
import type { Clock, Env } from '../../src/gateway/kernel/runtime'
import { aesGcmCipher } from '../../src/gateway/security/secret-cipher'
import { seedFromConfig } from '../../src/gateway/services/config-seed'
import { openStore, type Store } from '../../src/gateway/store/store'
import { randomIds } from '../../src/gateway/kernel/system-runtime'
import { testStoreLocation } from './test-store'

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'
export const TEAM_KEY = 'team-alpha-key-0123456789abcdef'
export const USER_KEY = 'user-ana-key-0123456789abcdef0'
export const OTHER_TEAM_KEY = 'team-beta-key-0123456789abcdef'

/** A clock the test moves by hand. */
export function manualClock(start = Date.UTC(2026, 10, 22, 12)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start
  return { now: () => t, advance: (ms) => void (t += ms), set: (ms) => void (t = ms) }
}

/** A config with two teams, a user and upstream models; tests merge their own fields over it. */
export function baseConfigData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    credits: 1000,
    providers: [
      { id: 'up-openai', type: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-upstream-secret-openai' },
      { id: 'up-anthropic', type: 'anthropic', base_url: 'http://127.0.0.1:9', api_key: 'sk-ant-upstream-secret' },
      { id: 'local', type: 'local' },
    ],
    models: [
      { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini', aliases: ['echo'], pricing: { input: 1000, output: 2000 } },
      { name: 'claude-echo', provider: 'up-anthropic', upstream: 'claude-haiku-4-5', aliases: ['claude'] },
      { name: 'voice', provider: 'local', engine: 'tts' },
    ],
    teams: [
      { name: 'alpha', models: ['gpt-echo', 'claude-echo', 'voice'], fallbacks: { 'gpt-echo': ['claude-echo'] }, keys: [TEAM_KEY] },
      { name: 'beta', models: ['voice'], keys: [OTHER_TEAM_KEY] },
    ],
    users: [{ name: 'ana', team: 'alpha', keys: [USER_KEY] }],
    ...overrides,
  }
}

export interface TestGateway {
  app: FastifyInstance
  store: Store
  config: GatewayConfig
  clock: ReturnType<typeof manualClock>
  dataDir: string
  close(): Promise<void>
}

/**
 * A real gateway over a real SQLite file in a fresh temp dir, or over a fresh PostgreSQL database when
 * the run asks for that engine (test/support/test-store.ts).
 */
export async function startTestGateway(
  opts: { configData?: Record<string, unknown>; dataDir?: string; clock?: ReturnType<typeof manualClock>; logger?: FastifyBaseLogger; env?: Env } = {},
): Promise<TestGateway> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'gatehouse-test-'))
  const config = resolveConfig(opts.configData ?? baseConfigData(), 'test config', opts.env ?? {})
  const location = await testStoreLocation(dataDir)
  const store = openStore(location.url)
  const clock = opts.clock ?? manualClock()
  const cipher = aesGcmCipher(Buffer.alloc(32, 7))
  seedFromConfig(config, { store, clock, ids: randomIds, cipher })
  const app = await buildGateway({ config, store, clock, ids: randomIds, cipher, adminToken: ADMIN_TOKEN, env: opts.env ?? {}, logger: opts.logger, blobs: createBlobStore(join(dataDir, 'files')), recordingBlobs: createBlobStore(join(dataDir, 'recordings')), modelsDir: join(dataDir, 'models') })
  return {
    app,
    store,
    config,
    clock,
    dataDir,
    async close() {
      await app.close()
      store.close()
      await location.drop()
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }

/**
 * The usage row of the request whose `x-request-id` this is, once settled: a client can read a reply's
 * last byte before the ledger's group commit has written the row.
 */
export const settledUsageRow = (store: Store, requestId: string | null) =>
  vi.waitFor(() => {
    const row = requestId === null ? undefined : store.usage.get(requestId)
    if (!row || row.state === 'started') throw new Error(`no settled usage row for ${requestId} yet`)
    return row
  })
