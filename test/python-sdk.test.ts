import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBatchGateway, type BatchGateway } from './support/batch-harness'
import { TEAM_KEY } from './support/harness'
import { pythonWithSdks, runPython } from './support/python-sdk'

/** Clients nobody here wrote: the official Python SDKs, as tools on the machine would use them. */
let h: BatchGateway
let python: string
beforeAll(async () => {
  python = pythonWithSdks()
  h = await startBatchGateway({ delayMs: 2000, concurrency: 1 })
}, 300_000)
afterAll(async () => h?.close())

describe('the Python openai SDK', () => {
  it('deletes a file and cancels a batch (empty JSON bodies), and sends chat with user, safety_identifier and prompt_cache_key', async () => {
    const seen = await runPython(python, 'files_and_batches.py', { GATEHOUSE_URL: h.url, GATEHOUSE_KEY: TEAM_KEY })
    expect(seen.cancelled).toMatchObject({ id: seen.batch_id })
    expect(['cancelling', 'cancelled']).toContain((seen.cancelled as { status: string }).status)
    expect(seen.deleted).toEqual({ id: seen.spare_id, deleted: true })
    expect(seen.completion).toBe('echo: who am I')
    const forwarded = h.upstream.requests.find((r) => JSON.stringify(r.json).includes('who am I'))!.json
    expect(forwarded).toMatchObject({ user: 'user-1234', safety_identifier: 'hash-of-user', prompt_cache_key: 'conversation-7' })
  }, 120_000)
})
