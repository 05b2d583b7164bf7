import { createHash } from 'node:crypto'
import { createReadStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { GatewayError } from '../../../shared/errors'
import { TEST_WHISPER_MODEL, TEST_WHISPER_MODEL_SHA256, sharedPath } from '../engine-test-support'
import { type ModelDownloadProgress, ModelManager } from './model-manager'
import { type CatalogModel } from './whisper-model-catalog'

const MIRROR_DIR = sharedPath('models', 'whisper')
const MODEL_SIZE = statSync(TEST_WHISPER_MODEL).size

const testEntry = (overrides: Partial<CatalogModel> = {}): CatalogModel => ({
  name: 'tiny-test',
  kind: 'whisper',
  fileName: 'for-tests-ggml-tiny.bin',
  url: 'http://127.0.0.1:1/unused',
  sizeBytes: MODEL_SIZE,
  sha256: TEST_WHISPER_MODEL_SHA256,
  multilingual: true,
  description: 'test model',
  ...overrides,
})
const CATALOG: CatalogModel[] = [
  testEntry(),
  testEntry({ name: 'tiny.en-test', fileName: 'for-tests-ggml-tiny.en.bin', sizeBytes: null, sha256: 'dd6b7796204a1cdf7164666423034e6e1a7a3e9f5c22327b4b7974c4584bd82d', multilingual: false }),
  testEntry({ name: 'bad-sum', sha256: '0'.repeat(64) }),
  testEntry({ name: 'absent', fileName: 'no-such-file.bin', sha256: null, sizeBytes: null }),
]

/** A loopback server for the mirror folder, with Range, ETag and If-Range, optionally slow. */
function startMirrorServer(folder: string) {
  const state = { chunkDelayMs: 0, etag: '"v1"', requests: [] as Array<{ path: string; range?: string; ifRange?: string }> }
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    state.requests.push({ path, range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined })
    const file = join(folder, path.replace(/^\/+/, ''))
    if (path.includes('..') || !existsSync(file)) return void res.writeHead(404).end('not found')
    const size = statSync(file).size
    let start = 0
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
    const rangeApplies = range && (!req.headers['if-range'] || req.headers['if-range'] === state.etag)
    if (range && rangeApplies) {
      start = Number(range[1])
      if (start >= size) return void res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
      res.writeHead(206, { 'content-length': size - start, 'content-range': `bytes ${start}-${size - 1}/${size}`, etag: state.etag, 'accept-ranges': 'bytes' })
    } else {
      res.writeHead(200, { 'content-length': size, etag: state.etag, 'accept-ranges': 'bytes' })
    }
    const stream = createReadStream(file, { start, highWaterMark: 32 * 1024 })
    stream.on('data', (chunk) => {
      res.write(chunk)
      if (state.chunkDelayMs) {
        stream.pause()
        setTimeout(() => stream.resume(), state.chunkDelayMs)
      }
    })
    stream.on('end', () => res.end())
    res.on('close', () => stream.destroy())
  })
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()) }),
      })
    })
  })
}

const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
const caught = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a rejection') }, (e: unknown) => e)

let modelsDir: string
let server: Awaited<ReturnType<typeof startMirrorServer>>

beforeAll(async () => {
  server = await startMirrorServer(MIRROR_DIR)
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  modelsDir = mkdtempSync(join(tmpdir(), 'gatehouse-models-'))
  server.state.chunkDelayMs = 0
  server.state.etag = '"v1"'
  server.state.requests.length = 0
})
afterEach(() => rmSync(modelsDir, { recursive: true, force: true }))

const partialFiles = () => (existsSync(join(modelsDir, '.partial')) ? readdirSync(join(modelsDir, '.partial')) : [])

describe.each([
  ['a local mirror folder', () => MIRROR_DIR],
  ['a loopback HTTP mirror', () => server.url],
])('ModelManager downloading from %s', (_label, mirror) => {
  it('installs the model atomically, verified, with progress events', async () => {
    const manager = new ModelManager({ modelsDir, catalog: CATALOG, mirror: mirror() })
    const events: ModelDownloadProgress[] = []
    manager.on('progress', (p) => events.push(p))
    const installed = await manager.download('tiny-test')
    expect(installed).toMatchObject({ name: 'tiny-test', kind: 'whisper', fileName: 'for-tests-ggml-tiny.bin', sizeBytes: MODEL_SIZE, sha256: TEST_WHISPER_MODEL_SHA256, source: 'download' })
    expect(sha256Of(installed.path)).toBe(TEST_WHISPER_MODEL_SHA256)
    expect(events.at(-1)).toMatchObject({ name: 'tiny-test', receivedBytes: MODEL_SIZE, totalBytes: MODEL_SIZE, resumedFromBytes: 0 })
    expect(partialFiles()).toEqual([])
    expect(await manager.resolve('tiny-test')).toMatchObject({ path: installed.path })
    expect((await manager.list()).find((m) => m.name === 'tiny-test')?.installed?.path).toBe(installed.path)
    expect(JSON.parse(readFileSync(join(modelsDir, 'models.json'), 'utf8')).models['tiny-test']).toMatchObject({ sha256: TEST_WHISPER_MODEL_SHA256 })
  })

  it('resumes an interrupted download where it stopped', async () => {
    server.state.chunkDelayMs = 20
    const manager = new ModelManager({ modelsDir, catalog: CATALOG, mirror: mirror() })
    const controller = new AbortController()
    let stoppedAt = 0
    const first = await caught(
      manager.download('tiny-test', {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.receivedBytes > 0 && p.receivedBytes < MODEL_SIZE && !controller.signal.aborted) {
            stoppedAt = p.receivedBytes
            controller.abort()
          }
        },
      }),
    )
    expect((first as Error).name).toBe('AbortError')
    expect(stoppedAt).toBeGreaterThan(0)
    expect(await manager.installed('tiny-test')).toBeNull()
    const kept = statSync(join(modelsDir, '.partial', 'for-tests-ggml-tiny.bin.part')).size
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThan(MODEL_SIZE)

    server.state.chunkDelayMs = 0
    const progress: ModelDownloadProgress[] = []
    const installed = await manager.download('tiny-test', { onProgress: (p) => progress.push(p) })
    expect(progress.at(-1)).toMatchObject({ resumedFromBytes: kept, receivedBytes: MODEL_SIZE })
    expect(sha256Of(installed.path)).toBe(TEST_WHISPER_MODEL_SHA256)
    if (mirror() === server.url) expect(server.state.requests.at(-1)).toMatchObject({ range: `bytes=${kept}-`, ifRange: '"v1"' })
  })
})

describe('ModelManager', () => {
  it('starts over when the file on the server changed since the interrupted download', async () => {
    server.state.chunkDelayMs = 20
    const manager = new ModelManager({ modelsDir, catalog: CATALOG, mirror: server.url })
    const controller = new AbortController()
    await caught(manager.download('tiny-test', { signal: controller.signal, onProgress: (p) => p.receivedBytes > 0 && controller.abort() }))
    server.state.chunkDelayMs = 0
    server.state.etag = '"v2"'
    const progress: ModelDownloadProgress[] = []
    const installed = await manager.download('tiny-test', { onProgress: (p) => progress.push(p) })
    expect(progress.at(-1)).toMatchObject({ resumedFromBytes: 0 })
    expect(sha256Of(installed.path)).toBe(TEST_WHISPER_MODEL_SHA256)
  })

  it('discards a download whose sha256 does not match, and installs nothing', async () => {
    const manager = new ModelManager({ modelsDir, catalog: CATALOG, mirror: server.url })
    const e = await caught(manager.download('bad-sum'))
    expect(e).toBeInstanceOf(GatewayError)
    expect(e).toMatchObject({ status: 502, code: 'model_checksum_mismatch' })
    expect(await manager.installed('bad-sum')).toBeNull()
    expect(partialFiles()).toEqual([])
  })

  it('verifies by size alone when no sha256 is known', async () => {
    const manager = new ModelManager({ modelsDir, catalog: [testEntry({ sha256: null })], mirror: MIRROR_DIR })
    expect((await manager.download('tiny-test')).sha256).toBe(TEST_WHISPER_MODEL_SHA256)
  })

  it('reports a missing file on the mirror as an error naming it', async () => {
    const overHttp = new ModelManager({ modelsDir, catalog: CATALOG, mirror: server.url })
    expect(await caught(overHttp.download('absent'))).toMatchObject({ status: 502, code: 'model_download_failed' })
    const fromFolder = new ModelManager({ modelsDir, catalog: CATALOG, mirror: MIRROR_DIR })
    const e = await caught(fromFolder.download('absent'))
    expect(e).toMatchObject({ status: 404 })
    expect((e as Error).message).toContain('no-such-file.bin')
  })

  it('refuses a second download of the same model while one runs, and unknown names', async () => {
    server.state.chunkDelayMs = 5
    const manager = new ModelManager({ modelsDir, catalog: CATALOG, mirror: server.url })
    const first = manager.download('tiny-test')
    expect(await caught(manager.download('tiny-test'))).toMatchObject({ status: 409, code: 'download_in_progress' })
    await first
    expect(await caught(manager.download('huge'))).toMatchObject({ status: 404, code: 'model_not_found' })
  })

  it('says how to install a model that is not installed', async () => {
    const manager = new ModelManager({ modelsDir })
    const e = await caught(manager.resolve('base'))
    expect(e).toMatchObject({ status: 404, code: 'model_not_installed', param: 'model' })
    expect((e as Error).message).toContain('"base" is not installed')
    expect((e as Error).message).toContain('ggml-base.bin')
    expect((e as Error).message).toMatch(/Download it/)
    const unknown = await caught(manager.resolve('mystery'))
    expect((unknown as Error).message).toContain('tiny, tiny.en, base')
  })

  it('imports a local file under a new name, checks ggml files, and refuses duplicates', async () => {
    const manager = new ModelManager({ modelsDir, catalog: CATALOG })
    const installed = await manager.import(TEST_WHISPER_MODEL, { name: 'my-tiny' })
    expect(installed).toMatchObject({ name: 'my-tiny', fileName: 'my-tiny.bin', source: 'import', sha256: TEST_WHISPER_MODEL_SHA256 })
    expect(sha256Of(installed.path)).toBe(TEST_WHISPER_MODEL_SHA256)
    expect(await caught(manager.import(TEST_WHISPER_MODEL, { name: 'my-tiny' }))).toMatchObject({ status: 409 })

    const notModel = join(modelsDir, 'notes.txt')
    writeFileSync(notModel, 'not a model')
    expect(await caught(manager.import(notModel, { name: 'notes' }))).toMatchObject({ status: 400, code: 'invalid_model_file' })
    expect(await caught(manager.import(TEST_WHISPER_MODEL, { name: '../escape' }))).toMatchObject({ status: 400 })
    // Under a catalog name, the file must be that model.
    expect(await caught(manager.import(TEST_WHISPER_MODEL, { name: 'tiny.en-test' }))).toMatchObject({ status: 502, code: 'model_checksum_mismatch' })
    expect(await manager.import(TEST_WHISPER_MODEL, { name: 'tiny-test' })).toMatchObject({ fileName: 'for-tests-ggml-tiny.bin' })
    expect(partialFiles()).toEqual([])
  })

  it('deletes a model; resolving it then says how to install it', async () => {
    const manager = new ModelManager({ modelsDir, catalog: CATALOG, mirror: MIRROR_DIR })
    const installed = await manager.download('tiny-test')
    expect(await manager.delete('tiny-test')).toBe(true)
    expect(existsSync(installed.path)).toBe(false)
    expect(await manager.delete('tiny-test')).toBe(false)
    expect(await caught(manager.resolve('tiny-test'))).toMatchObject({ status: 404, code: 'model_not_installed' })
  })

  it('finds a catalog file that is in place without a record', async () => {
    const manager = new ModelManager({ modelsDir, catalog: CATALOG })
    writeFileSync(join(modelsDir, 'for-tests-ggml-tiny.bin'), readFileSync(TEST_WHISPER_MODEL))
    expect(await manager.resolve('tiny-test')).toMatchObject({ source: 'found', sha256: null })
    expect(await manager.resolve('for-tests-ggml-tiny.bin')).toMatchObject({ name: 'tiny-test' })
  })
})
