import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type FakeHuggingFace, startFakeHuggingFace } from '../../../../test/support/fake-hugging-face'
import { TEAM_KEY, admin, baseConfigData, bearer, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import { TEST_LLAMA_MODEL } from '../../../../test/support/llama-models'
import { TEST_WHISPER_MODEL } from '../../engines/engine-test-support'

/**
 * Any model from Hugging Face, against a loopback hub: search, files with quantization, size and fit
 * verdict, downloads that resume after a dropped connection or a pause, a refused checksum, a chat on
 * what was downloaded; and the engines' report, /api/ps and a full model queue.
 */
const STORIES = 'tests-karpathy/stories260K-GGUF'
let hub: FakeHuggingFace
let gw: TestGateway
let url: string
let copies: string

beforeAll(async () => {
  hub = await startFakeHuggingFace([
    { id: STORIES, tags: ['gguf', 'text-generation'], pipelineTag: 'text-generation', files: [
      { path: 'stories260K-F32.gguf', source: TEST_LLAMA_MODEL },
      { path: 'stories260K-Q8_0.gguf', source: TEST_LLAMA_MODEL },
    ] },
    { id: 'tests-broken/stories-GGUF', tags: ['gguf'], files: [{ path: 'stories-Q4_0.gguf', source: TEST_LLAMA_MODEL, listedSha256: 'ab'.repeat(32) }] },
    { id: 'ggerganov/whisper.cpp', tags: ['whisper'], pipelineTag: 'automatic-speech-recognition', files: [{ path: 'ggml-tiny.bin', source: TEST_WHISPER_MODEL }] },
  ])
  copies = mkdtempSync(join(tmpdir(), 'gh-single-'))
  copyFileSync(TEST_LLAMA_MODEL, join(copies, 'single.gguf'))
  gw = await startTestGateway({
    configData: baseConfigData({
      providers: [{ id: 'local', type: 'local' }],
      models: [
        { name: 'stories', provider: 'local', engine: 'llama', file: TEST_LLAMA_MODEL, parallel: 4, keep_alive: '10m' },
        { name: 'stories-single', provider: 'local', engine: 'llama', file: join(copies, 'single.gguf'), parallel: 1 },
      ],
      teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
      users: [],
      engines: { hub_endpoint: hub.url, llama_context_size: 2048, llama_max_queue: 1, llama_max_models: 4 },
    }),
  })
  url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => {
  await gw?.close()
  await hub?.close()
  rmSync(copies, { recursive: true, force: true })
})

const get = async (path: string) => gw.app.inject({ method: 'GET', url: path, headers: admin })
const post = async (path: string, payload?: object) => gw.app.inject({ method: 'POST', url: path, headers: admin, ...(payload ? { payload } : {}) })
interface PsList { models: Array<{ name: string; size: number; size_vram: number }> }
interface ErrorBody { error: Record<string, unknown> }
interface DownloadState { name: string; state: string; error: string | null; received_bytes: number }
const downloads = async () => (await get('/admin/local-models')).json().downloads as DownloadState[]
const installed = async (name: string) => ((await get('/admin/local-models')).json().data as Array<{ name: string; installed: unknown }>).find((m) => m.name === name)?.installed ?? null
const chat = (model: string, body: object = {}, headers: Record<string, string> = {}) =>
  fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { ...bearer(TEAM_KEY), 'content-type': 'application/json', ...headers }, body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Once upon a time' }], max_tokens: 8, ...body }) })

describe('models from a Hugging Face hub', () => {
  it('finds GGUF repositories and whisper.cpp ones, and asks for a query', async () => {
    const found = (await get('/admin/local-models/search?q=stories')).json().data
    expect(found).toContainEqual(expect.objectContaining({ id: STORIES, kind: 'chat' }))
    expect((await get('/admin/local-models/search?q=whisper')).json().data).toEqual([expect.objectContaining({ id: 'ggerganov/whisper.cpp', kind: 'whisper' })])
    const missing = await get('/admin/local-models/search')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatchObject({ param: 'q' })
  })

  it("lists a repository's files with quantization, size and a fit verdict from the GGUF header read by Range, and the chat template", async () => {
    const before = hub.requests.length
    const res = await get(`/admin/local-models/hub/${STORIES}/files`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.machine.backend).toBe('cpu')
    expect(body.data.map((f: { quant: string }) => f.quant).sort()).toEqual(['F32', 'Q8_0'])
    for (const f of body.data) expect(f).toMatchObject({ size_bytes: 1185376, verdict: 'fits_ram', parts: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(body.data[0].need_bytes).toBeGreaterThan(1185376)
    expect(body.header).toMatchObject({ architecture: 'llama', train_context_size: 2048, context_size: 2048 })
    expect(body.header.chat_wrapper).toBeTruthy()
    expect(body.header.template_sample).toContain('capital of France')
    const fileReads = hub.requests.slice(before).filter((r) => r.path.includes('/resolve/main/'))
    expect(fileReads.length).toBeGreaterThan(0)
    expect(fileReads.every((r) => r.range?.startsWith('bytes=0-'))).toBe(true)

    const whisper = (await get('/admin/local-models/hub/ggerganov/whisper.cpp/files')).json()
    expect(whisper).toMatchObject({ kind: 'whisper', header: null, data: [{ file: 'ggml-tiny.bin', verdict: 'fits_ram' }] })
    expect((await get('/admin/local-models/hub/nobody/nothing/files')).statusCode).toBe(404)
  })

  it('resumes a download whose connection dropped halfway from where it stopped, then chats with the model', async () => {
    hub.interruptNext('stories260K-Q8_0.gguf', { afterBytes: 400_000, mode: 'drop' })
    const started = await post('/admin/local-models/download', { repo: STORIES, file: 'stories260K-Q8_0.gguf' })
    expect(started.statusCode).toBe(202)
    expect(started.json()).toMatchObject({ name: 'stories260K-Q8_0', status: 'downloading' })
    await vi.waitFor(async () => expect(await downloads()).toEqual([expect.objectContaining({ name: 'stories260K-Q8_0', state: 'failed' })]))
    expect((await post('/admin/local-models/stories260K-Q8_0/resume')).statusCode).toBe(202)
    await vi.waitFor(async () => expect(await installed('stories260K-Q8_0')).toMatchObject({ kind: 'chat', sizeBytes: 1185376 }))
    expect(hub.requests.filter((r) => r.path.endsWith('stories260K-Q8_0.gguf') && r.range === 'bytes=400000-')).toHaveLength(1)
    expect(await downloads()).toEqual([])

    const answer = await chat('stories260K-Q8_0')
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content.length).toBeGreaterThan(0)
  })

  it('pauses a running download and resumes it with a Range request', async () => {
    hub.interruptNext('stories260K-F32.gguf', { afterBytes: 300_000, mode: 'hold' })
    expect((await post('/admin/local-models/download', { repo: STORIES, file: 'stories260K-F32.gguf' })).statusCode).toBe(202)
    await hub.held('stories260K-F32.gguf')
    // Paused once some of the bytes are on disk (the first progress report comes with the first chunk written).
    await vi.waitFor(async () => expect((await downloads())[0]).toMatchObject({ name: 'stories260K-F32', received_bytes: expect.any(Number) }))
    await vi.waitFor(async () => expect((await downloads())[0]!.received_bytes).toBeGreaterThan(0))
    expect((await post('/admin/local-models/stories260K-F32/cancel')).json()).toEqual({ name: 'stories260K-F32', cancelled: true })
    await vi.waitFor(async () => expect(await downloads()).toEqual([expect.objectContaining({ name: 'stories260K-F32', state: 'paused' })]))
    expect((await post('/admin/local-models/stories260K-F32/resume')).statusCode).toBe(202)
    await vi.waitFor(async () => expect(await installed('stories260K-F32')).toMatchObject({ sizeBytes: 1185376 }))
    const resumed = hub.requests.filter((r) => r.path.endsWith('stories260K-F32.gguf') && r.range && !r.range.startsWith('bytes=0-'))
    expect(resumed.map((r) => Number(/bytes=(\d+)-$/.exec(r.range!)![1]))).toEqual([expect.any(Number)])
    expect(Number(/bytes=(\d+)-$/.exec(resumed[0]!.range!)![1])).toBeGreaterThan(0)
  })

  it('refuses a file whose sha256 is not the one the hub lists, and removes the partial file', async () => {
    expect((await post('/admin/local-models/download', { repo: 'tests-broken/stories-GGUF', file: 'stories-Q4_0.gguf' })).statusCode).toBe(202)
    await vi.waitFor(async () => expect(await downloads()).toEqual([expect.objectContaining({ name: 'stories-Q4_0', state: 'failed' })]))
    const failed = (await downloads())[0]!
    expect(failed.error).toMatch(/corrupt: sha256 [0-9a-f]{64} instead of (ab){32}\. It was discarded/)
    expect(await installed('stories-Q4_0')).toBeNull()
    const partial = join(gw.dataDir, 'models', '.partial')
    expect(existsSync(partial) ? readdirSync(partial).filter((f) => f.startsWith('stories-Q4_0')) : []).toEqual([])
    const unknown = await post('/admin/local-models/download', { repo: STORIES, file: 'nope.gguf' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toMatchObject({ param: 'file' })
  })

  it("installs a whisper.cpp file from the hub as the catalog's whisper model of that file", async () => {
    const started = await post('/admin/local-models/download', { repo: 'ggerganov/whisper.cpp', file: 'ggml-tiny.bin' })
    expect(started.statusCode).toBe(202)
    expect(started.json()).toMatchObject({ name: 'tiny' })
    await vi.waitFor(async () => expect(await installed('tiny')).toMatchObject({ kind: 'whisper', sizeBytes: 575451, multilingual: true, fileName: 'ggml-tiny.bin' }))
  })

  it("takes a model's own parallel, context_size, keep_alive and gpu_layers in the admin API, and names a bad one", async () => {
    const created = await post('/admin/models', { name: 'stories-tuned', provider: 'local', engine: 'llama', file: TEST_LLAMA_MODEL, parallel: 2, context_size: 1024, keep_alive: '90s', gpu_layers: 'auto' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ parallel: 2, context_size: 1024, keep_alive: 90, gpu_layers: 'auto' })
    const patched = await gw.app.inject({ method: 'PATCH', url: `/admin/models/${created.json().id}`, headers: admin, payload: { keep_alive: -1 } })
    expect(patched.json()).toMatchObject({ parallel: 2, keep_alive: -1 })
    const bad = await post('/admin/models', { name: 'stories-bad', provider: 'local', engine: 'llama', file: TEST_LLAMA_MODEL, keep_alive: 'whenever' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatchObject({ param: 'keep_alive', message: expect.stringContaining('"5m"') })
  })

  it('reports the CPU backend with the reason, and the loaded models with their memory and expiry in /admin/engines and /api/ps', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => chat('stories')))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const engines = (await get('/admin/engines')).json()
    expect(engines.llama).toMatchObject({ requested: 'auto', backend: 'cpu', devices: [], vram: null, settings: expect.objectContaining({ gpu: 'auto', hub_endpoint: hub.url }) })
    expect(engines.llama.reason).toMatch(/GPU/)
    expect(engines.llama.ram.total_bytes).toBeGreaterThan(0)
    const loaded = engines.llama.loaded.find((m: { file: string }) => m.file === TEST_LLAMA_MODEL)
    expect(loaded).toMatchObject({ parallel: 4, running: 0 })
    expect(loaded.ram_bytes).toBeGreaterThan(1_000_000)
    expect(Date.parse(loaded.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000)

    const ps = (await (await fetch(`${url}/api/ps`, { headers: bearer(TEAM_KEY) })).json()) as PsList
    const entry = ps.models.find((m) => m.name === 'stories')!
    expect(entry.size).toBeGreaterThan(1_000_000)
    expect(entry.size_vram).toBe(0)

    // keep_alive 0 on Ollama's API unloads the model once it has answered.
    const unload = await fetch(`${url}/api/chat`, { method: 'POST', headers: bearer(TEAM_KEY), body: JSON.stringify({ model: 'stories', messages: [{ role: 'user', content: 'Hi' }], stream: false, keep_alive: 0, options: { num_predict: 4 } }) })
    expect(unload.status).toBe(200)
    await vi.waitFor(async () => expect(((await (await fetch(`${url}/api/ps`, { headers: bearer(TEAM_KEY) })).json()) as PsList).models.map((m) => m.name)).not.toContain('stories'))
    const badKeepAlive = await chat('stories', {}, { 'x-svc-keep-alive': 'later' })
    expect(badKeepAlive.status).toBe(400)
    expect(((await badKeepAlive.json()) as ErrorBody).error).toMatchObject({ param: 'x-svc-keep-alive' })
  })

  it("answers 503 with retry-after when a model's queue is full", async () => {
    const long = { max_tokens: 500, temperature: 1 }
    const results = await Promise.all([chat('stories-single', long), chat('stories-single', long), chat('stories-single', long)])
    const refused = results.filter((r) => r.status === 503)
    expect(refused).toHaveLength(1)
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(((await refused[0]!.json()) as ErrorBody).error).toMatchObject({ code: 'engine_queue_full', message: expect.stringContaining('single.gguf') })
    expect(results.filter((r) => r.status === 200)).toHaveLength(2)
  })
})
