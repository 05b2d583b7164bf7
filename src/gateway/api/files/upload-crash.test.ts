import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { type ClientRequest, request } from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../store/store'
import { serveChildren, waitFor } from '../../../../test/support/serve-child'
import { useTempDirs } from '../../../../test/support/temp-dirs'

const KEY = 'crash-test-team-key-0123456789'
const tempDir = useTempDirs('gh-crash-')
const children = serveChildren()
afterEach(() => children.killAll())
const serve = children.serve

function drainedOrClosed(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done)
      req.off('close', done)
      resolve()
    }
    req.on('drain', done)
    req.on('close', done)
  })
}

/** Starts a 200 MB multipart upload and keeps writing until it is cut off. */
function startBigUpload(url: string) {
  const total = 200 * 1024 * 1024
  const boundary = `----gatehouse${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jsonl"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const req = request(`${url}/v1/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + total + tail.length },
  })
  req.on('error', () => {}) // the server is killed mid-request
  const chunk = Buffer.alloc(1024 * 1024, 0x61)
  const writing = (async () => {
    req.write(head)
    for (let sent = 0; sent < total && !req.destroyed; sent += chunk.length) {
      if (!req.write(chunk)) await drainedOrClosed(req)
    }
  })()
  return { req, writing }
}

describe('a gateway killed during an upload', () => {
  it('shows after restart no file, no row and nothing left on disk', async () => {
    const dir = tempDir()
    const dataDir = join(dir, 'data')
    const configFile = join(dir, 'gatehouse.yaml')
    writeFileSync(configFile, `teams:\n  - { name: alpha, keys: ["${KEY}"] }\n`)
    const filesDir = join(dataDir, 'files')
    const tmp = join(filesDir, 'tmp')

    const first = serve(dataDir, configFile)
    const upload = startBigUpload(await first.listening)
    // the kill lands once a good part of the upload is on disk, in the temp folder
    const partial = await waitFor(() => {
      const [name] = readdirSync(tmp)
      return name && statSync(join(tmp, name)).size >= 48 * 1024 * 1024 ? name : undefined
    }, 'the upload to reach 48 MB on disk')
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')
    upload.req.destroy()
    await upload.writing
    expect(readdirSync(tmp)).toEqual([partial])
    expect(readdirSync(filesDir).sort()).toEqual(['tmp'])

    const second = serve(dataDir, configFile)
    const url = await second.listening
    const list = await fetch(`${url}/v1/files`, { headers: { authorization: `Bearer ${KEY}` } })
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([])
    expect(readdirSync(tmp)).toEqual([])
    expect(readdirSync(filesDir)).toEqual(['tmp'])
    second.child.kill('SIGTERM')
    await second.exited

    const store = openStore(join(dataDir, 'gatehouse.db'))
    try {
      expect(store.db.prepare('SELECT count(*) FROM files').pluck().get()).toBe(0)
    } finally {
      store.close()
    }
  })
})
