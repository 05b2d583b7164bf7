import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { type TransferProgress, transferWithResume } from './model-transfer'

const PIECE = 64 * 1024
const PIECES = 4

let dir: string
let server: Server
let holding: ServerResponse | undefined

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-transfer-'))
  // Sends the first pieces 10 ms apart, then holds the last one until the test releases it: a stalled download.
  server = createServer(async (_req, res) => {
    res.writeHead(200, { 'content-length': PIECE * PIECES })
    for (let i = 0; i < PIECES - 1; i++) {
      res.write(Buffer.alloc(PIECE, i))
      await new Promise((r) => setTimeout(r, 10))
    }
    holding = res
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise((r) => server.close(r))
  rmSync(dir, { recursive: true, force: true })
})

it('reports the bytes that came in before a stall, once the interval is up, and the whole file at the end', async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/model.bin`
  const reports: TransferProgress[] = []
  const done = transferWithResume({ kind: 'url', url }, join(dir, 'model.bin.part'), { fetch, progressIntervalMs: 1000, onProgress: (p) => reports.push(p) })

  // The pieces before the held one all arrive within one interval: only the first read is reported as it comes.
  await expect.poll(() => reports.at(-1)?.receivedBytes, { timeout: 5000 }).toBe(PIECE * (PIECES - 1))
  expect(reports.at(-1)).toEqual({ receivedBytes: PIECE * (PIECES - 1), totalBytes: PIECE * PIECES, resumedFromBytes: 0 })

  holding!.end(Buffer.alloc(PIECE, PIECES - 1))
  expect((await done).sizeBytes).toBe(PIECE * PIECES)
  expect(reports.at(-1)?.receivedBytes).toBe(PIECE * PIECES)
  expect(readFileSync(join(dir, 'model.bin.part')).length).toBe(PIECE * PIECES)
})
