import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { serveChildren } from '../../../../test/support/serve-child'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import type { RecordingInfo } from '../../../shared/recording-wire'

const tempDir = useTempDirs('gh-rec-crash-')
const children = serveChildren()
afterEach(() => children.killAll())

/** Chunk `i`: a tenth of a second of 16 kHz samples, each chunk's bytes its own. */
const chunkBytes = (i: number) => {
  const b = Buffer.alloc(3200)
  for (let s = 0; s < 1600; s++) b.writeInt16LE(((i * 1600 + s) * 7) % 32000 - 16000, s * 2)
  return b
}

describe('a gateway killed (SIGKILL) while a recording streams in', () => {
  it('keeps every acknowledged chunk, reports the recording interrupted, and takes the next chunk after restart', async () => {
    const dir = tempDir()
    const dataDir = join(dir, 'data')
    const configFile = join(dir, 'gatehouse.yaml')
    writeFileSync(configFile, 'teams:\n  - { name: alpha, keys: ["crash-test-team-key-0123456789"] }\n')

    const first = children.serve(dataDir, configFile)
    const url = await first.listening
    const headers = { authorization: `Bearer ${readFileSync(join(dataDir, 'admin-token'), 'utf8').trim()}` }
    const put = (base: string, id: string, i: number) =>
      fetch(`${base}/admin/recordings/${id}/chunks/${i}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: chunkBytes(i) })

    const started = await fetch(`${url}/admin/recordings`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Cut short', sample_rate: 16000 }) })
    const rec = (await started.json()) as RecordingInfo
    let acknowledged = 0
    for (; acknowledged < 25; acknowledged++) expect((await put(url, rec.id, acknowledged)).status).toBe(200)
    // The next chunks are on their way when the process dies: each may or may not have landed.
    const inFlight = [25, 26, 27].map((i) => put(url, rec.id, i).then((r) => r.status, () => null))
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')
    const late = await Promise.all(inFlight)
    acknowledged += late.filter((s) => s === 200).length

    const second = children.serve(dataDir, configFile)
    const again = await second.listening
    const after = (await (await fetch(`${again}/admin/recordings/${rec.id}`, { headers })).json()) as RecordingInfo
    expect(after.state).toBe('interrupted')
    expect(after.chunks).toBeGreaterThanOrEqual(acknowledged)
    const wav = Buffer.from(await (await fetch(`${again}/admin/recordings/${rec.id}/audio`, { headers })).arrayBuffer())
    const expected = Buffer.concat(Array.from({ length: after.chunks }, (_, i) => chunkBytes(i)))
    expect(wav.readUInt32LE(40)).toBe(expected.length)
    expect(wav.subarray(44).equals(expected)).toBe(true)

    // Recording goes on where it stopped.
    expect((await put(again, rec.id, after.chunks)).status).toBe(200)
    const resumed = (await (await fetch(`${again}/admin/recordings/${rec.id}`, { headers })).json()) as RecordingInfo
    expect(resumed).toMatchObject({ state: 'recording', chunks: after.chunks + 1, bytes: (after.chunks + 1) * 3200 })
  })
})
