import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { chatLine, ENDED, startBatchGateway, type BatchGateway } from '../../../../test/support/batch-harness'
import { sleep } from '../../../../test/support/fake-upstream'
import { holdWriteLock } from '../../../../test/support/storage-faults'

let h: BatchGateway | undefined
let lock: ReturnType<typeof holdWriteLock> | undefined
afterEach(async () => {
  lock?.release()
  await h?.close()
})

describe('batch runner under a write lock held by another process', () => {
  it('keeps the results of lines answered while the lock was held and finishes the batch after it, sending no line twice', async () => {
    h = await startBatchGateway({ concurrency: 2, delayMs: 150 })
    const lines = Array.from({ length: 6 }, (_, i) => chatLine(`l${i}`, `question ${i}`))
    const input = await h.uploadJsonl(lines)
    const batch = await h.client().batches.create({ input_file_id: input.id, endpoint: '/v1/chat/completions', completion_window: '24h' })
    await h.waitFor(batch.id, (b) => (b.request_counts?.completed ?? 0) >= 1)

    lock = holdWriteLock(join(h.gw.dataDir, 'gatehouse.db'))
    // The lines in flight (the upstream takes 150 ms) get their answers now, and cannot write them yet.
    await sleep(600)
    lock.release()

    const done = await h.waitFor(batch.id, ENDED)
    expect(done.status).toBe('completed')
    expect(done.request_counts).toEqual({ total: 6, completed: 6, failed: 0 })
    const output = await h.fileLines(done.output_file_id)
    expect(output.map((l) => l.custom_id).sort()).toEqual(lines.map((l) => l.custom_id))
    expect(h.upstream.requests.length).toBe(6)
  })
})
