import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { admin, manualClock } from '../../../../test/support/harness'
import { chatLine, ENDED, startBatchGateway, type BatchGateway } from '../../../../test/support/batch-harness'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import type { FastifyBaseLogger } from 'fastify'
import { silentLogger } from '../../kernel/logging'
import { randomIds, systemClock } from '../../kernel/system-runtime'
import { openStore } from '../../store/store'
import type { FileService } from '../files/file-service'
import { createBatchRunner } from './batch-runner'

const tempDir = useTempDirs('gh-batch-')
const open: BatchGateway[] = []
afterEach(async () => {
  for (const h of open.splice(0)) await h.close()
})
const start = async (opts: Parameters<typeof startBatchGateway>[0]) => {
  const h = await startBatchGateway(opts)
  open.push(h)
  return h
}
const create = (h: BatchGateway, inputFileId: string) =>
  h.client().batches.create({ input_file_id: inputFileId, endpoint: '/v1/chat/completions', completion_window: '24h' })

describe('batch runner', () => {
  it('resumes after a restart, sending finished lines no second time', async () => {
    const dataDir = tempDir()
    const clock = manualClock()
    const first = await startBatchGateway({ dataDir, clock, concurrency: 2, delayMs: 80 })
    const lines = Array.from({ length: 16 }, (_, i) => chatLine(`r${i}`, `question ${i}`))
    const input = await first.uploadJsonl(lines)
    const batch = await create(first, input.id)
    const before = await first.waitFor(batch.id, (b) => (b.request_counts?.completed ?? 0) >= 3)
    await first.close(true)

    // as if the process had died with a line in flight: the store still says it is running
    const store = openStore(join(dataDir, 'gatehouse.db'))
    expect(store.batchLines.claimNext(batch.id)).toBeDefined()
    store.close()

    const second = await start({ dataDir, clock, upstream: first.upstream })
    const done = await second.waitFor(batch.id, ENDED)
    expect(done.status).toBe('completed')
    expect(done.request_counts).toEqual({ total: 16, completed: 16, failed: 0 })
    const output = await second.fileLines(done.output_file_id)
    expect(output.map((l) => l.custom_id)).toEqual(lines.map((l) => l.custom_id))
    // at most the lines in flight at the stop (concurrency 2) were sent twice
    expect(first.upstream.requests.length).toBeGreaterThanOrEqual(16)
    expect(first.upstream.requests.length).toBeLessThanOrEqual(18)
    expect(before.request_counts!.completed).toBeGreaterThanOrEqual(3)
  })

  it('expires a batch when its 24h window ends, listing the unrun lines as batch_expired', async () => {
    const h = await start({ concurrency: 1, delayMs: 60 })
    const input = await h.uploadJsonl(Array.from({ length: 8 }, (_, i) => chatLine(`e${i}`, `q${i}`)))
    const batch = await create(h, input.id)
    await h.waitFor(batch.id, (b) => (b.request_counts?.completed ?? 0) >= 1)
    h.gw.clock.advance(24 * 3600_000)
    const expired = await h.waitFor(batch.id, ENDED)
    expect(expired.status).toBe('expired')
    expect(expired.expired_at).toBeTypeOf('number')
    const output = await h.fileLines(expired.output_file_id)
    const unrun = await h.fileLines(expired.error_file_id)
    expect(output.length).toBe(expired.request_counts!.completed)
    expect(unrun.length).toBeGreaterThan(0)
    expect(unrun.every((l) => l.error!.code === 'batch_expired' && typeof l.error!.line === 'number')).toBe(true)
    expect(output.length + unrun.length).toBe(8)
  })

  it('stops the remaining lines of a batch whose key was revoked', async () => {
    const h = await start({ concurrency: 1, delayMs: 80 })
    const created = await h.gw.app.inject({ method: 'POST', url: '/admin/keys', headers: admin, payload: { team_id: h.gw.store.teams.getByName('alpha')!.id } })
    const { id: keyId, key } = created.json() as { id: string; key: string }
    const input = await h.uploadJsonl(Array.from({ length: 6 }, (_, i) => chatLine(`k${i}`, `q${i}`)), key)
    const batch = await h.client(key).batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    await h.waitFor(batch.id, (b) => (b.request_counts?.completed ?? 0) >= 1)
    await h.gw.app.inject({ method: 'POST', url: `/admin/keys/${keyId}/revoke`, headers: admin })
    const done = await h.waitFor(batch.id, ENDED)
    expect(done.status).toBe('completed')
    expect(done.request_counts!.failed).toBeGreaterThan(0)
    const errors = await h.fileLines(done.error_file_id)
    expect(errors.every((l) => l.error!.code === 'revoked_api_key' && l.response!.status_code === 401)).toBe(true)
  })
})

describe('batch runner shutdown', () => {
  it('does not touch the store once stopped, even with a pump already scheduled', async () => {
    const store = openStore(join(tempDir(), 'gatehouse.db'))
    const errors: unknown[] = []
    const log = { ...silentLogger(), error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger
    const runChat = () => Promise.reject(new Error('no line is run here'))
    const runner = createBatchRunner({ store, files: {} as FileService, clock: systemClock, ids: randomIds, runChat, concurrency: 1, log })
    runner.start()
    runner.kick() // start() scheduled a pump already; this one is folded into it
    await runner.stop()
    store.close() // as the gateway's close does right after
    await new Promise((resolve) => setImmediate(resolve))
    expect(errors).toEqual([])
  })
})
