import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { BlobNotFoundError, BlobTooLargeError, createBlobStore, SHARED_SWEEP_GRACE_MS, type BlobStore } from './blob-store'

const tempDir = useTempDirs('gh-blobs-')
let dir: string
let blobs: BlobStore
beforeEach(() => {
  dir = join(tempDir(), 'files')
  blobs = createBlobStore(dir)
})

const tempFiles = () => readdirSync(join(dir, 'tmp'))
const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)))
const put = async (name: string, content: string) => (await blobs.stage(chunks(content))).commit(name)

describe('blob store', () => {
  it('keeps staged content invisible until commit, then serves it whole or by range', async () => {
    const staged = await blobs.stage(chunks('hello ', 'world'))
    expect(staged.bytes).toBe(11)
    expect(tempFiles()).toHaveLength(1)
    expect(await blobs.names()).toEqual([])
    await staged.commit('file-abcdefgh1234')
    expect(tempFiles()).toEqual([])
    expect(await blobs.names()).toEqual(['file-abcdefgh1234'])
    expect(await text(await blobs.openRead('file-abcdefgh1234'))).toBe('hello world')
    expect(await text(await blobs.openRead('file-abcdefgh1234', { start: 6, end: 10 }))).toBe('world')
    await expect(staged.commit('file-other000000')).rejects.toThrow(/already committed/)
  })

  it('discards a staged blob without a trace', async () => {
    const staged = await blobs.stage(chunks('x'))
    await staged.discard()
    await staged.discard()
    expect(tempFiles()).toEqual([])
    expect(await blobs.names()).toEqual([])
  })

  it('stops at the size limit and leaves no temp file', async () => {
    await expect(blobs.stage(chunks('12345', '678'), { maxBytes: 7 })).rejects.toBeInstanceOf(BlobTooLargeError)
    expect(tempFiles()).toEqual([])
    const exact = await blobs.stage(chunks('1234567'), { maxBytes: 7 })
    expect(exact.bytes).toBe(7)
  })

  it('keeps every byte in order across many write batches, and stops at a limit past the first batch', async () => {
    // chunks of odd sizes (as busboy slices socket reads), 11 MB in all: several batches and a partial last one
    const parts = Array.from({ length: 170 }, (_, i) => Buffer.alloc(65_536 + (i % 7) * 13, i % 251))
    const whole = Buffer.concat(parts)
    const staged = await blobs.stage(Readable.from(parts))
    expect(staged.bytes).toBe(whole.length)
    await staged.commit('file-manybatches01')
    expect(readFileSync(join(dir, 'file-manybatches01')).equals(whole)).toBe(true)

    await expect(blobs.stage(Readable.from(parts), { maxBytes: whole.length - 1 })).rejects.toBeInstanceOf(BlobTooLargeError)
    expect(tempFiles()).toEqual([])
  })

  it('leaves no temp file when the source fails half way', async () => {
    async function* failing() {
      yield Buffer.from('partial')
      throw new Error('client went away')
    }
    await expect(blobs.stage(failing())).rejects.toThrow('client went away')
    expect(tempFiles()).toEqual([])
  })

  it('refuses names that are not ids, so an id can never be a path', async () => {
    for (const name of ['../gatehouse.db', 'file-../../x', 'file-a/b', 'FILE-abcdefgh', 'tmp', 'file-short']) {
      await expect(blobs.openRead(name)).rejects.toThrow(/Refusing blob name/)
      await expect(blobs.remove(name)).rejects.toThrow(/Refusing blob name/)
    }
    const staged = await blobs.stage(chunks('x'))
    await expect(staged.commit('../escape-attempt')).rejects.toThrow(/Refusing blob name/)
    await staged.discard()
    expect(tempFiles()).toEqual([])
  })

  it('reports a missing blob as BlobNotFoundError and removes idempotently', async () => {
    await expect(blobs.openRead('file-missing000000')).rejects.toBeInstanceOf(BlobNotFoundError)
    await put('file-present00000', 'abc')
    await blobs.remove('file-present00000')
    await blobs.remove('file-present00000')
    expect(await blobs.names()).toEqual([])
  })

  it('sweeps temp files and unclaimed blobs, and leaves names it does not own', async () => {
    await put('file-kept00000000', 'k')
    await put('file-orphan000000', 'o')
    writeFileSync(join(dir, 'tmp', 'deadbeef.part'), 'half an upload')
    writeFileSync(join(dir, 'README.txt'), 'not ours')
    const swept = await blobs.sweep((name) => name === 'file-kept00000000')
    expect(swept).toEqual({ temp: 1, orphans: 1 })
    expect(await blobs.names()).toEqual(['file-kept00000000'])
    expect(tempFiles()).toEqual([])
    expect(readFileSync(join(dir, 'README.txt'), 'utf8')).toBe('not ours')
  })

  it('on a dir several gateways share, sweeps only what changed over an hour ago: another instance may be writing the rest', async () => {
    let now = Date.now()
    const shared = createBlobStore(dir, { shared: true, now: () => now })
    await put('file-orphan000000', 'renamed by another instance, its row not yet committed')
    writeFileSync(join(dir, 'tmp', 'deadbeef.part'), 'another instance is uploading')
    expect(await shared.sweep(() => false)).toEqual({ temp: 0, orphans: 0 })
    expect(await blobs.names()).toEqual(['file-orphan000000'])

    now += SHARED_SWEEP_GRACE_MS + 1000
    expect(await shared.sweep(() => false)).toEqual({ temp: 1, orphans: 1 })
    expect(await blobs.names()).toEqual([])
  })
})
