import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { resolveConfig } from '../src/gateway/config/load-config'
import { newFileId } from '../src/gateway/services/files/file-ids'
import { startGateway } from '../src/gateway/boot/start-gateway'
import { randomIds } from '../src/gateway/kernel/system-runtime'

/**
 * /v1/files against the disk it sits on: upload and download throughput as a ratio to a plain stream
 * copy of the same bytes (with the same fsync), download also against a bare node:http server, the
 * peak RSS growth while a 1 GB upload streams through, and list latency over 10,000 files. Each
 * throughput is the best of alternating runs. Size: BENCH_FILES_MB (default 1024).
 */
const MB = 1024 * 1024
const sizeMb = Number(process.env.BENCH_FILES_MB ?? 1024)
const KEY = 'bench-files-team-key-0123456789'
const dir = mkdtempSync(join(tmpdir(), 'gh-bench-files-'))
const chunk = randomBytes(MB)

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9
const mbps = (bytes: number, s: number) => bytes / MB / s
const devNull = () => new Writable({ write: (_c, _e, cb) => cb() })

async function writeSource(file: string): Promise<void> {
  const out = createWriteStream(file)
  for (let i = 0; i < sizeMb; i++) if (!out.write(chunk)) await once(out, 'drain')
  out.end()
  await once(out, 'finish')
}

async function plainCopy(from: string, to: string): Promise<number> {
  const start = process.hrtime.bigint()
  const handle = await open(to, 'w')
  await pipeline(createReadStream(from, { highWaterMark: MB }), handle.createWriteStream({ flush: true, highWaterMark: MB }))
  return seconds(start)
}

/** Streams `file` as a multipart upload from disk and samples RSS every 10 ms on the way. */
async function upload(url: string, file: string): Promise<{ s: number; peakRssGrowth: number; id: string }> {
  const boundary = `----bench${Date.now()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  global.gc?.()
  const baseline = process.memoryUsage.rss()
  let peak = baseline
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10)
  const start = process.hrtime.bigint()
  const body = await new Promise<string>((resolve, reject) => {
    const req = request(`${url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + sizeMb * MB + tail.length },
    }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`upload answered ${res.statusCode}: ${text}`))))
    })
    req.on('error', reject)
    req.write(head)
    const source = createReadStream(file, { highWaterMark: MB })
    source.on('data', (d) => {
      if (!req.write(d)) {
        source.pause()
        req.once('drain', () => source.resume())
      }
    })
    source.on('end', () => req.end(tail))
  })
  const s = seconds(start)
  clearInterval(sampler)
  return { s, peakRssGrowth: peak - baseline, id: (JSON.parse(body) as { id: string }).id }
}

/** node:http rather than fetch, whose web streams would make the client the bottleneck. */
function download(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${KEY}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`download answered ${res.statusCode}`))
      pipeline(res, devNull()).then(resolve, reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint()
  await fn()
  return seconds(start)
}

const config = resolveConfig({ teams: [{ name: 'bench', keys: [KEY] }], server: { port: 0 }, files: { max_upload: `${sizeMb + 1}mb` } }, 'bench', {})
const gateway = await startGateway({ config, dataDir: join(dir, 'data'), env: {} })
try {
  const source = join(dir, 'source.bin')
  await writeSource(source)
  const bytes = sizeMb * MB

  // alternating runs, best of each, so that a burst of load elsewhere on the machine skews neither side
  let copyS = Infinity
  let upS = Infinity
  let peakRssGrowth = 0
  let id = ''
  for (let run = 0; run < 2; run++) {
    copyS = Math.min(copyS, await plainCopy(source, join(dir, 'copy.bin')))
    const up = await upload(gateway.url, source)
    upS = Math.min(upS, up.s)
    peakRssGrowth = Math.max(peakRssGrowth, up.peakRssGrowth)
    id = up.id
  }
  // the same bytes from a bare node:http server: what loopback HTTP itself costs
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes })
    pipeline(createReadStream(join(dir, 'copy.bin'), { highWaterMark: MB }), res).catch(() => {})
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`
  let readS = Infinity
  let downS = Infinity
  let bareS = Infinity
  for (let run = 0; run < 3; run++) {
    readS = Math.min(readS, await timed(() => pipeline(createReadStream(join(dir, 'copy.bin'), { highWaterMark: MB }), devNull())))
    downS = Math.min(downS, await timed(() => download(`${gateway.url}/v1/files/${id}/content`)))
    bareS = Math.min(bareS, await timed(() => download(bareUrl)))
  }
  bare.close()

  console.log(`upload ${sizeMb} MB:   ${mbps(bytes, upS).toFixed(0)} MB/s vs plain copy ${mbps(bytes, copyS).toFixed(0)} MB/s  -> ratio ${(copyS / upS).toFixed(2)}`)
  console.log(`download ${sizeMb} MB: ${mbps(bytes, downS).toFixed(0)} MB/s vs plain read ${mbps(bytes, readS).toFixed(0)} MB/s  -> ratio ${(readS / downS).toFixed(2)}`)
  console.log(`  and vs a bare node:http server sending the same file ${mbps(bytes, bareS).toFixed(0)} MB/s -> ratio ${(bareS / downS).toFixed(2)}`)
  console.log(`peak RSS growth during a ${sizeMb} MB upload: ${(peakRssGrowth / MB).toFixed(1)} MB (aim: under 64 MB; client and gateway share this process)`)

  const teamId = gateway.store.teams.getByName('bench')!.id
  const now = Math.floor(Date.now() / 1000)
  gateway.store.transaction(() => {
    for (let i = 0; i < 10_000; i++) {
      const createdAt = now - 10_000 + Math.floor(i / 3)
      gateway.store.files.insert({ id: newFileId(createdAt, randomIds), teamId, filename: `f${i}.jsonl`, purpose: 'batch', bytes: i, createdAt, expiresAt: now + 86400 })
    }
  })
  const list = async (query: string) => {
    const runs: number[] = []
    for (let i = 0; i < 15; i++) {
      runs.push(await timed(async () => void (await (await fetch(`${gateway.url}/v1/files${query}`, { headers: { authorization: `Bearer ${KEY}` } })).arrayBuffer())))
    }
    return (runs.sort((a, b) => a - b)[7]! * 1000).toFixed(1)
  }
  console.log(`list with 10,000 files (median of 15): all 10,000 in one page ${await list('')} ms; a page of 100 ${await list('?limit=100&order=asc')} ms`)
} finally {
  await gateway.close()
  rmSync(dir, { recursive: true, force: true })
}
