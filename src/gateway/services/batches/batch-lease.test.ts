import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { describeOnEngines, type EngineContext } from '../../../../test/support/store-engines'
import { manualClock } from '../../../../test/support/harness'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { createBlobStore } from '../../blobs/blob-store'
import { silentLogger } from '../../kernel/logging'
import { randomIds } from '../../kernel/system-runtime'
import type { Store } from '../../store/store'
import { createFileService } from '../files/file-service'
import { createBatchRunner, LEASE_TTL_MS, type BatchRunner } from './batch-runner'
import type { RunChatCompletion } from './run-chat'

// Two connections to one database stand for two gateways sharing a store, on SQLite and on PostgreSQL.
const tempDir = useTempDirs('gh-batch-lease-')
const runners: BatchRunner[] = []
afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop()
})

const LINES = 10

function sharedStore(ctx: EngineContext) {
  const dir = tempDir()
  const open = () => ctx.open()
  const first = open()
  const now = Date.UTC(2026, 10, 25)
  first.teams.upsert({ id: 'team-1', name: 'alpha', models: null, fallbacks: {}, useFallbacks: false, source: 'admin' }, now)
  first.keys.insert({ id: 'key-1', kind: 'team', teamId: 'team-1', userId: null, hash: 'h', hint: 'h', name: null, source: 'admin', createdAt: now, expiresAt: null })
  first.batches.insert({ id: 'batch_1', teamId: 'team-1', keyId: 'key-1', endpoint: '/v1/chat/completions', inputFileId: 'file-in', completionWindow: '24h', metadata: null, outputExpiresAfter: null, createdAt: now / 1000, expiresAt: now / 1000 + 86400 })
  const lines = Array.from({ length: LINES }, (_, i) => ({ line: i + 1, customId: `r${i + 1}`, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: `q${i + 1}` }] }), fallbacks: null }))
  first.batchLines.insertMany('batch_1', lines)
  first.batches.start('batch_1', LINES, now / 1000)
  return { dir, open, first }
}

/** A runChat that answers `answers` calls (all, when left out) and leaves the rest hanging; the calls it got. */
function upstream(answers = Infinity) {
  const calls: string[] = []
  const runChat: RunChatCompletion = async (ctx, body, _opts) => {
    const text = (body as { messages: Array<{ content: string }> }).messages[0]!.content
    calls.push(text)
    if (calls.length > answers) await new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))))
    return { status: 200, body: { id: `chatcmpl-${text}`, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: `a-${text}` }, finish_reason: 'stop' }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } } }
  }
  return { calls, runChat }
}

function runner(store: Store, dir: string, instanceId: string, clock: ReturnType<typeof manualClock>, runChat: RunChatCompletion) {
  const files = createFileService({ store, blobs: createBlobStore(join(dir, 'files')), clock, ids: randomIds, retentionSeconds: 86400 })
  const r = createBatchRunner({ store, files, clock, ids: randomIds, runChat, concurrency: 2, log: silentLogger(), lease: { instanceId } })
  runners.push(r)
  return r
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  expect(check()).toBe(true)
}

describeOnEngines('batches on a shared store (lease)', (ctx) => {
  it('runs a batch on one instance at a time, and another takes it over when the holder dies, answering every line once', async () => {
    const { dir, open, first } = sharedStore(ctx)
    // inst-a answers 4 lines, then hangs with 2 in flight and its clock stands still: it never renews its lease (as if killed).
    const a = upstream(4)
    const b = upstream()
    const clockB = manualClock(Date.UTC(2026, 10, 25))
    const runnerA = runner(first, dir, 'inst-a', manualClock(Date.UTC(2026, 10, 25)), a.runChat)
    const runnerB = runner(open(), dir, 'inst-b', clockB, b.runChat)
    runnerA.start()
    await until(() => a.calls.length === 6 && first.batches.get('batch_1')!.counts.completed === 4)
    runnerB.start()
    runnerB.kick()
    await new Promise((resolve) => setTimeout(resolve, 50))
    // inst-b holds no lease: it sent nothing.
    expect(b.calls).toEqual([])

    const answeredByA = 4
    clockB.advance(LEASE_TTL_MS + 1000)
    runnerB.kick()
    await until(() => first.batches.get('batch_1')!.status === 'completed')

    const done = first.batches.get('batch_1')!
    expect(done.counts).toEqual({ total: LINES, completed: LINES, failed: 0 })
    // The lines inst-a left running were run again by inst-b; every line was written once.
    expect(b.calls).toHaveLength(LINES - answeredByA)
    const output = await createFileService({ store: first, blobs: createBlobStore(join(dir, 'files')), ids: randomIds, retentionSeconds: 86400, clock: clockB }).readWhole('team-1', done.outputFileId!)
    const ids = output.bytes.toString('utf8').trim().split('\n').map((l) => (JSON.parse(l) as { custom_id: string }).custom_id)
    expect(ids).toHaveLength(LINES)
    expect(ids.sort()).toEqual(Array.from({ length: LINES }, (_, i) => `r${i + 1}`).sort())
  })
}, () => join(tempDir(), 'gatehouse.db'))
