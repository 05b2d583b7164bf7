import { statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { TEST_LLAMA_MODEL, TEST_LLAMA_MODEL_SHA256 } from '../../../../test/support/llama-models'
import { LLAMA_MODEL_CATALOG } from './llama-model-catalog'
import { type ModelDownloadProgress, ModelManager } from './model-manager'
import { type CatalogModel, DEFAULT_MODEL_CATALOG } from './whisper-model-catalog'

const stories: CatalogModel = {
  name: 'stories-test',
  kind: 'chat',
  fileName: 'stories260K.gguf',
  url: 'http://127.0.0.1:1/unused',
  sizeBytes: statSync(TEST_LLAMA_MODEL).size,
  sha256: TEST_LLAMA_MODEL_SHA256,
  multilingual: true,
  description: 'test chat model',
  license: 'MIT',
}

const tempDir = useTempDirs('gatehouse-llama-models-')

describe('llama model catalog', () => {
  it('gives every GGUF model a source URL, size, sha256 and licence, and is part of the default catalog', () => {
    expect(LLAMA_MODEL_CATALOG.filter((m) => m.kind === 'chat').length).toBeGreaterThanOrEqual(3)
    expect(LLAMA_MODEL_CATALOG.filter((m) => m.kind === 'embedding').length).toBeGreaterThanOrEqual(1)
    for (const m of LLAMA_MODEL_CATALOG) {
      expect(m.url).toMatch(/^https:\/\/huggingface\.co\/.+\.gguf$/)
      expect(m.url.endsWith(`/${m.fileName}`)).toBe(true)
      expect(m.sha256).toMatch(/^[0-9a-f]{64}$/)
      expect(m.sizeBytes).toBeGreaterThan(1e6)
      expect(m.license).toBeTruthy()
      if (m.kind === 'embedding') expect(m.embedding?.dimensions).toBeGreaterThan(0)
      expect(DEFAULT_MODEL_CATALOG).toContain(m)
    }
  })

  it('downloads a GGUF chat model with progress and checksum, and lists it among the installed chat models', async () => {
    const manager = new ModelManager({ modelsDir: tempDir(), catalog: [stories], mirror: dirname(TEST_LLAMA_MODEL) })
    expect(await manager.installedOf('chat')).toEqual([])
    const progress: ModelDownloadProgress[] = []
    const installed = await manager.download('stories-test', { onProgress: (p) => progress.push(p) })
    expect(installed).toMatchObject({ name: 'stories-test', kind: 'chat', sha256: TEST_LLAMA_MODEL_SHA256, source: 'download' })
    expect(progress.at(-1)?.receivedBytes).toBe(stories.sizeBytes)
    expect((await manager.installedOf('chat')).map((m) => m.name)).toEqual(['stories-test'])
    expect(await manager.installedOf('embedding')).toEqual([])
    expect((await manager.resolve('stories-test', 'chat')).path).toBe(installed.path)
  })

  it('refuses to import a file that is not GGUF as a chat model, and says how to get a missing one', async () => {
    const manager = new ModelManager({ modelsDir: tempDir(), catalog: [stories] })
    const notGguf = join(tempDir(), 'model.bin')
    writeFileSync(notGguf, 'lmgg and then some')
    await expect(manager.import(notGguf, { name: 'mine', kind: 'chat' })).rejects.toMatchObject({ status: 400, param: 'file', message: expect.stringContaining('not a GGUF model file') })
    const imported = await manager.import(TEST_LLAMA_MODEL, { name: 'my-stories', kind: 'chat' })
    expect(imported.fileName).toBe('my-stories.gguf')
    await expect(manager.resolve('nothing-here', 'chat')).rejects.toMatchObject({ status: 404, message: expect.stringContaining('GGUF') })
  })
})
