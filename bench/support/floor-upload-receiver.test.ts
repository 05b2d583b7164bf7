import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProcess } from './processes'

describe('floor upload receiver (the floor files.bench.ts compares uploads with)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-floor-receiver-'))
  // several 1 MB batches and a partial one, so writes overlap the body's arrival
  const body = randomBytes(3 * 1024 * 1024 + 12345)
  let receiver: Awaited<ReturnType<typeof startProcess>>

  beforeAll(async () => {
    receiver = await startProcess(process.execPath, [join(import.meta.dirname, 'floor-upload-receiver.mjs'), dir], /listening (\d+)\nsocket (\d+)/)
  })
  afterAll(() => {
    receiver?.child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  })

  it.each([
    ['node:http', 1],
    ['the raw socket', 2],
  ])('through %s, stores the whole body byte for byte, renamed into place, and answers its size', async (_way, port) => {
    const res = await fetch(`http://127.0.0.1:${receiver.match[port]}/`, { method: 'POST', body })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ bytes: body.length })
    expect(readFileSync(join(dir, 'received.bin')).equals(body)).toBe(true)
    expect(readdirSync(dir)).toEqual(['received.bin'])
  })

  it('through the raw socket, refuses a body without Content-Length (411) rather than guess its end', async () => {
    const res = await fetch(`http://127.0.0.1:${receiver.match[2]}/`, { method: 'POST', body: new Blob([body]).stream(), duplex: 'half' } as RequestInit)
    expect(res.status).toBe(411)
    expect(await res.text()).toMatch(/Content-Length/)
  })
})
