import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { type LlamaHarness, startLlamaHarness } from '../../../../test/support/llama-harness'
import { TEST_LLAMA_MODEL, makeCorruptGguf } from '../../../../test/support/llama-models'
import { useTempDirs } from '../../../../test/support/temp-dirs'

const tempDir = useTempDirs('gatehouse-corrupt-gguf-')
let h: LlamaHarness
beforeAll(() => {
  h = startLlamaHarness({ concurrency: 2, maxModels: 2 })
})
afterAll(() => h.close())

const norm = (v: number[]) => Math.hypot(...v)

describe('llama engine on stories260K', () => {
  it('embeds texts and token arrays into unit vectors of the model size, and counts their tokens', async () => {
    const out = await h.engine.embed({ modelPath: TEST_LLAMA_MODEL, inputs: ['The cat sat on the mat.', [403, 407, 261, 378]], dimensions: null, truncatable: false })
    expect(out.modelDimensions).toBe(64)
    expect(out.vectors.map((v) => v.length)).toEqual([64, 64])
    for (const v of out.vectors) expect(norm(v)).toBeCloseTo(1, 5)
    expect(out.vectors[0]).not.toEqual(out.vectors[1])
    expect(out.promptTokens).toBeGreaterThan(4)
  })

  it('shortens vectors only for a model trained for it, and says which sizes it can give', async () => {
    const base = { modelPath: TEST_LLAMA_MODEL, inputs: ['a dog'] }
    await expect(h.engine.embed({ ...base, dimensions: 32, truncatable: false })).rejects.toMatchObject({ status: 400, param: 'dimensions' })
    await expect(h.engine.embed({ ...base, dimensions: 65, truncatable: true })).rejects.toMatchObject({ status: 400, param: 'dimensions', message: expect.stringContaining('at most 64') })
    const short = await h.engine.embed({ ...base, dimensions: 32, truncatable: true })
    expect(short.vectors[0]).toHaveLength(32)
    expect(norm(short.vectors[0]!)).toBeCloseTo(1, 5)
  })

  it('refuses token ids outside the vocabulary, naming the input', async () => {
    await expect(h.engine.embed({ modelPath: TEST_LLAMA_MODEL, inputs: [[1, 2, 100000]], dimensions: null, truncatable: false })).rejects.toMatchObject({ status: 400, param: 'input' })
  })

  it('runs two requests on one model at once, in one worker', async () => {
    const ask = (seed: number) => h.complete({ temperature: 1, seed, max_completion_tokens: 30 })
    const [a, b] = await Promise.all([ask(1), ask(2)])
    expect(a.usage.completion_tokens + b.usage.completion_tokens).toBeGreaterThan(30)
    expect(h.host.stats()[0]).toMatchObject({ running: 0, workers: 1 })
  })

  // Cooperative: the job stops between two tokens and its worker (with the model) stays. A worker that
  // did not stop would be killed after 750 ms (CANCEL_GRACE_MS), which workersLost would show.
  it('frees the slot when the client goes away, stopping the job inside its worker, which keeps the model', async () => {
    await h.complete({ temperature: 0, max_completion_tokens: 1 })
    const lostBefore = h.host.stats()[0]!.workersLost
    const client = new AbortController()
    const stream = await h.stream({ temperature: 1, seed: 5, max_completion_tokens: 100_000 }, { signal: client.signal })
    const iterator = stream[Symbol.asyncIterator]()
    await iterator.next()
    expect(h.host.stats()[0]!.running).toBe(1)
    const abortedAt = Date.now()
    client.abort()
    await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' })
    while (h.host.stats()[0]!.running > 0 && Date.now() - abortedAt < 5000) await new Promise((r) => setTimeout(r, 10))
    expect(h.host.stats()[0]!.running).toBe(0)
    expect(h.host.stats()[0]!.workersLost).toBe(lostBefore)
  })

  it('fails a request on a corrupt GGUF with a 500 naming the engine and the file; the next request works', async () => {
    const corrupt = makeCorruptGguf(tempDir())
    const e = await h.complete({ max_completion_tokens: 5 }, { file: corrupt }).then(() => null, (err: unknown) => err)
    expect(e).toBeInstanceOf(GatewayError)
    expect(e).toMatchObject({ status: 500, code: 'model_load_failed' })
    expect((e as Error).message).toContain('llama engine')
    expect((e as Error).message).toContain(corrupt)
    const ok = await h.complete({ temperature: 0, max_completion_tokens: 5 })
    expect(ok.usage.completion_tokens).toBe(5)
  })
})
