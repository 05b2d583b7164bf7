import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { spawn, spawnSync } from 'node:child_process'
import { newFileId } from '../src/gateway/services/files/file-ids'
import { randomIds } from '../src/gateway/kernel/system-runtime'
import { openStore } from '../src/gateway/store/store'
import { startBenchGateway } from './support/bench-gateway'
import { procCpuUs, procMinorFaults, startProcess } from './support/processes'

/**
 * Uploads as the issue measures them: the same file, streamed as a multipart body over loopback HTTP, into the
 * gateway's `POST /v1/files` and `POST /admin/recordings/upload` (the built bundle in its own process, as
 * `npm run serve` runs it), against `cp` of the file on the same disk and against a bare node:http receiver
 * (bench/support/bare-upload-receiver.mjs) two ways: parsing with the same multipart library (@fastify/busboy,
 * its defaults) and streaming the file part to disk, and streaming the whole body to disk unparsed. And the floor
 * (bench/support/floor-upload-receiver.mjs): the fastest a Node process takes the upload with the gateway's write
 * policy (the whole body, node:http's 'data' events gathered into 1 MB writev batches, fdatasync behind the writes
 * every 64 MB), so the gateway's distance from what Node itself allows shows apart from its distance from cp; and
 * the same receiver reading the body straight off the socket, without node:http's parser and its copy of each read
 * (a measurement only, never a way to serve HTTP). Ratios: to cp + sync, to the floor, to bare + busboy. One fsync
 * policy for all: the file fsynced, renamed into place, its folder fsynced (`cp` is followed by `sync` of the file
 * and folder; both are timed, and shown apart). Runs alternate between all of them, each right after a `cp` +
 * `sync` of its own, so that every receiver writes after the same thing: on this VM an upload right after another
 * process's 1 GB write ran at half the speed of one right after `cp` (the gateway 0.48x against 0.77x, the floor
 * 0.46x against 0.60x, by their order alone), which ranked receivers by their place in the round. Each figure is
 * the best of BENCH_FILES_RUNS (default 3), `cp` + `sync`'s of all its runs. For each receiving process: its CPU
 * time per GB (all threads, and its main thread, which reads the socket and parses, with that thread's minor page
 * faults: a heap trimmed and regrown shows there, kernel/upload-memory.ts), median over the runs, its peak RSS
 * growth during an upload (Linux: VmHWM, reset before each upload), per GB, and the upload's tail: the time from
 * its last write into the temp file (seen with fs.watch) to the reply, the final fsync, rename and row.
 * The client is `curl -F` when curl is installed (BENCH_FILES_CLIENT=node for the node:http one): on 2 cores the
 * client shares the CPU with the receiver, and the node:http client (createReadStream, 1 MB reads) cost 1.0-1.5 s
 * of CPU per GB against curl's 0.5-0.8 s, so it held every receiver back; the client's CPU is printed beside it.
 * Place in the round still counts within one process: the floor's node:http port and `/v1/files` each take their
 * process's first upload of the round, after it idled for ~10 s while the others ran; the raw socket and recordings
 * come right after them. After an idle spell V8 reckons the allocation rate over a window that spans it, finds it
 * under 1 MB/s, and shrinks the young generation at every collection of the next upload (`--trace-gc-nvp`:
 * new_space_allocation_throughput ~700 against ~15,000 bytes/ms, unmapper_chunks 56-60 against 0), so that upload
 * faults the young generation's pages in again (~2,300 main-thread faults per GB against 10-90). Alone on the
 * machine that costs no measurable CPU; in the bench, after the other receivers' writes, it cost the first gateway
 * upload 0.15-0.33 s of main thread per GB, whichever route took that place. Uploads after a quiet spell are the
 * usual case, so the order stays; no node flag turns the shrink off short of `--predictable`.
 * Then download throughput against a plain read and the bare receiver, and list latency with 10,000 files.
 * The gateway's CPU per GB tells V8's garbage collection apart: ~1.0-1.4 s when each 32 MB of the parser's Buffers
 * is freed by a young collection, 2.0-2.3 s when each young collection also starts a full one (what concurrent
 * ArrayBuffer sweeping did after the gateway had idled; kernel/upload-memory.ts). BENCH_GATEWAY_NODE_FLAGS passes node
 * flags to the gateway, e.g. `--concurrent-array-buffer-sweeping` for the old behaviour. The bare receiver runs with
 * Node's defaults, so its CPU shows both modes.
 * Size: BENCH_FILES_MB (default 1024).
 */
const MB = 1024 * 1024
const sizeMb = Number(process.env.BENCH_FILES_MB ?? 1024)
const RUNS = Number(process.env.BENCH_FILES_RUNS ?? 3)
if (!(sizeMb >= 1) || !(RUNS >= 1)) throw new Error('BENCH_FILES_MB and BENCH_FILES_RUNS must be at least 1')
const KEY = 'bench-files-team-key-0123456789'
const bytes = sizeMb * MB
const dir = mkdtempSync(join(tmpdir(), 'gh-bench-files-'))

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9
const mbps = (s: number) => bytes / MB / s
const devNull = () => new Writable({ write: (_c, _e, cb) => cb() })

async function writeSource(file: string): Promise<void> {
  const chunk = randomBytes(MB)
  const out = createWriteStream(file)
  for (let i = 0; i < sizeMb; i++) if (!out.write(chunk)) await once(out, 'drain')
  out.end()
  await once(out, 'finish')
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))))
  })
}

/** `cp`, then `sync` of the copy and its folder: the same bytes on the disk as an upload leaves. */
async function copyWithCp(from: string, toDir: string): Promise<{ cp: number; sync: number }> {
  const to = join(toDir, 'copy.bin')
  rmSync(to, { force: true })
  const start = process.hrtime.bigint()
  await run('cp', [from, to])
  const cp = seconds(start)
  await run('sync', [to, toDir])
  return { cp, sync: seconds(start) - cp }
}

const statusKb = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)

interface Measured {
  s: number
  /** CPU time of the receiving process, all threads, in seconds (Linux; NaN elsewhere). */
  cpu: number
  /** The part of it on its main thread, the one that reads the socket and parses (Linux; NaN elsewhere). */
  mainCpu: number
  /** Minor page faults on that thread: memory it touched for the first time, or again after the heap gave it back. */
  mainFaults: number
  /** Its resident memory at the peak, above what it held before (Linux; NaN elsewhere). */
  rssGrowth: number
  /** CPU time of the uploading client, in seconds. */
  clientCpu: number
  /** Seconds from the receiver's last write into its temp file to the reply (NaN when no write was seen). */
  tail: number
  id?: string
}

/** Runs one upload into process `pid`, which writes its temp file in `tempDir`, and measures it from outside. */
async function measured(pid: number, tempDir: string, fn: () => Promise<Sent>): Promise<Measured> {
  let before = NaN
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5') // resets VmHWM to the current RSS
    before = statusKb(pid, 'VmRSS')
  } catch {
    // not Linux, or not allowed: no memory figure
  }
  const cpu0 = procCpuUs(pid) ?? NaN
  const main0 = procCpuUs(pid, pid) ?? NaN
  const faults0 = procMinorFaults(pid, pid) ?? NaN
  let lastWrite: bigint | undefined
  // 'change' is a write (or attribute change) of a file in the folder; the rename out of it is a 'rename'
  const watcher = watch(tempDir, (event) => event === 'change' && (lastWrite = process.hrtime.bigint()))
  const start = process.hrtime.bigint()
  try {
    const { id, clientCpu } = await fn()
    const s = seconds(start)
    const tail = lastWrite === undefined ? NaN : seconds(lastWrite)
    return { s, cpu: ((procCpuUs(pid) ?? NaN) - cpu0) / 1e6, mainCpu: ((procCpuUs(pid, pid) ?? NaN) - main0) / 1e6, mainFaults: (procMinorFaults(pid, pid) ?? NaN) - faults0, rssGrowth: Number.isNaN(before) ? NaN : (statusKb(pid, 'VmHWM') - before) * 1024, clientCpu, tail, id }
  } finally {
    watcher.close()
  }
}

interface Upload {
  url: string
  headers?: Record<string, string>
  fields: Record<string, string>
}

/** The reply's id, and the client's CPU time in seconds. */
interface Sent {
  id?: string
  clientCpu: number
}

/** Streams `file` from disk as a multipart body (fields first, then the file part), with node:http in this process. */
async function uploadWithNode(file: string, upload: Upload): Promise<Sent> {
  const cpu0 = process.cpuUsage()
  const { id } = await nodeUpload(file, upload)
  const cpu = process.cpuUsage(cpu0)
  return { id, clientCpu: (cpu.user + cpu.system) / 1e6 }
}

function nodeUpload(file: string, { url, headers = {}, fields }: Upload): Promise<{ id?: string }> {
  const boundary = `----bench${Date.now()}`
  const fieldParts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const head = Buffer.from(`${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes + tail.length } }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => (res.statusCode === 200 || res.statusCode === 201 ? resolve(JSON.parse(text) as { id?: string }) : reject(new Error(`${url} answered ${res.statusCode}: ${text}`))))
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
}

/**
 * The same multipart upload with `curl -F` (fields first, then the file part), run by sh so that its `times`
 * reports curl's CPU time (user and system, children) on stderr after the reply on stdout.
 */
function uploadWithCurl(file: string, { url, headers = {}, fields }: Upload): Promise<Sent> {
  const args = [
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...Object.entries(fields).flatMap(([name, value]) => ['--form-string', `${name}=${value}`]),
    ...['-F', `file=@${file};filename=big.bin;type=application/octet-stream`, '-sS', '-w', '\n%{http_code}', url],
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'curl "$@" && times >&2', 'sh', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('error', reject)
    child.on('exit', (code) => {
      const status = out.slice(out.lastIndexOf('\n') + 1)
      const body = out.slice(0, out.lastIndexOf('\n'))
      // `times`: this shell's user and system time, then its children's (curl): "0m0.040000s 0m0.640000s"
      const children = err.trim().split('\n').at(-1)?.match(/(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/)
      if (code !== 0 || !/^20[01]$/.test(status) || !children) return reject(new Error(`curl to ${url} answered ${status} (exit ${code}): ${body} ${err}`))
      const [, um, us, sm, ss] = children.map(Number)
      resolve({ id: (JSON.parse(body) as { id?: string }).id, clientCpu: um! * 60 + us! + sm! * 60 + ss! })
    })
  })
}

const curlInstalled = spawnSync('curl', ['--version']).status === 0
const client = process.env.BENCH_FILES_CLIENT ?? (curlInstalled ? 'curl' : 'node')
if (client !== 'curl' && client !== 'node') throw new Error('BENCH_FILES_CLIENT must be curl or node')
const upload = client === 'curl' ? uploadWithCurl : uploadWithNode

/** node:http rather than fetch, whose web streams would make the client the bottleneck. */
function download(url: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`download answered ${res.statusCode}`))
      pipeline(res, devNull()).then(resolve, reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint()
  await fn()
  return seconds(start)
}

const source = join(dir, 'source.bin')
await writeSource(source)
const copies = join(dir, 'copies')
const bareDir = join(dir, 'bare')
const floorDir = join(dir, 'floor')
mkdirSync(copies)
mkdirSync(bareDir)
mkdirSync(floorDir)
// No upstream: the files routes never call one.
const gateway = await startBenchGateway('http://127.0.0.1:9', KEY, { config: { files: { max_upload: `${sizeMb + 1}mb` } } })
const bare = await startProcess(process.execPath, [join(import.meta.dirname, 'support/bare-upload-receiver.mjs'), bareDir], /listening (\d+)/)
const bareUrl = `http://127.0.0.1:${bare.match[1]}`
const floor = await startProcess(process.execPath, [join(import.meta.dirname, 'support/floor-upload-receiver.mjs'), floorDir], /listening (\d+)\nsocket (\d+)/)
const auth = { authorization: `Bearer ${KEY}` }
const admin = { authorization: `Bearer ${readFileSync(join(gateway.dir, 'data', 'admin-token'), 'utf8').trim()}` }
const gatewayPid = gateway.child.pid!
const barePid = bare.child.pid!
const floorPid = floor.child.pid!

try {
  let fileId = ''
  let recordingId = ''
  const remove = (url: string, headers: Record<string, string>) => fetch(url, { method: 'DELETE', headers }).then((r) => r.arrayBuffer())
  // Every receiver frees its last upload right before its next one, so each writes into pages just freed: on this
  // VM the host takes back guest pages left free for a few seconds (virtio-balloon free page reporting), and a
  // receiver whose 1 GB went to such pages paid the host's faults in its page-cache copy (its thread pool's CPU 0.3
  // -> 1-2.7 s per GB), as the gateway's uploads did when each was deleted after the run, seconds before the next.
  // Freeing right before also keeps the blocks' release out of every receiver's time.
  const intoBare = (pid: number, folder: string, url: string) => {
    rmSync(join(folder, 'received.bin'), { force: true })
    return measured(pid, folder, () => upload(source, { url, fields: { purpose: 'batch' } }))
  }
  const receivers = {
    'floor: node:http, raw body': (): Promise<Measured> => intoBare(floorPid, floorDir, `http://127.0.0.1:${floor.match[1]}/`),
    'no HTTP parser: socket, raw': (): Promise<Measured> => intoBare(floorPid, floorDir, `http://127.0.0.1:${floor.match[2]}/`),
    'bare node:http, raw body': (): Promise<Measured> => intoBare(barePid, bareDir, `${bareUrl}/raw`),
    'bare node:http + busboy': (): Promise<Measured> => intoBare(barePid, bareDir, `${bareUrl}/multipart`),
    'POST /v1/files': async (): Promise<Measured> => {
      if (fileId) await remove(`${gateway.url}/v1/files/${fileId}`, auth)
      const m = await measured(gatewayPid, join(gateway.dir, 'data', 'files', 'tmp'), () => upload(source, { url: `${gateway.url}/v1/files`, headers: auth, fields: { purpose: 'batch' } }))
      fileId = m.id! // the last one stays for the download
      return m
    },
    'POST /admin/recordings/upload': async (): Promise<Measured> => {
      if (recordingId) await remove(`${gateway.url}/admin/recordings/${recordingId}`, admin)
      const m = await measured(gatewayPid, join(gateway.dir, 'data', 'recordings', 'tmp'), () => upload(source, { url: `${gateway.url}/admin/recordings/upload`, headers: admin, fields: { title: 'bench', source: 'upload' } }))
      recordingId = m.id!
      return m
    },
  }
  type Receiver = keyof typeof receivers
  const runs = Object.fromEntries(Object.keys(receivers).map((name) => [name, [] as Measured[]])) as Record<Receiver, Measured[]>
  let best = { cp: Infinity, sync: Infinity }
  // alternating runs, best of each, so that a burst of load elsewhere on the machine skews no side alone; a cp before
  // each receiver's run, so that each writes after the same thing
  for (let i = 0; i < RUNS; i++) {
    for (const [name, receive] of Object.entries(receivers)) {
      const copy = await copyWithCp(source, copies)
      if (copy.cp + copy.sync < best.cp + best.sync) best = copy
      runs[name as Receiver].push(await receive())
    }
  }
  const cpS = best.cp + best.sync
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const gb = sizeMb / 1024
  const bareS = Math.min(...runs['bare node:http + busboy'].map((m) => m.s))
  const floorS = Math.min(...runs['floor: node:http, raw body'].map((m) => m.s))
  console.log(`upload ${sizeMb} MB with ${client === 'curl' ? 'curl -F' : 'node:http'}, best of ${RUNS} alternating runs, each after a cp + sync, file fsynced + renamed + folder fsynced (load ${loadavg().map((l) => l.toFixed(1)).join(' ')}):`)
  console.log(`  ${'cp + sync'.padEnd(30)} ${mbps(cpS).toFixed(0).padStart(5)} MB/s  (cp ${best.cp.toFixed(2)} s, then sync ${best.sync.toFixed(2)} s)`)
  for (const [name, ms] of Object.entries(runs)) {
    const s = Math.min(...ms.map((m) => m.s))
    const cpu = median(ms.map((m) => m.cpu)) / gb
    const mainCpu = median(ms.map((m) => m.mainCpu)) / gb
    const mainFaults = median(ms.map((m) => m.mainFaults)) / gb
    const rss = Math.max(...ms.map((m) => m.rssGrowth)) / MB / gb
    const clientCpu = median(ms.map((m) => m.clientCpu)) / gb
    const tail = median(ms.map((m) => m.tail))
    console.log(
      `  ${name.padEnd(30)} ${mbps(s).toFixed(0).padStart(5)} MB/s (runs ${ms.map((m) => mbps(m.s).toFixed(0)).join('/')})  ${(cpS / s).toFixed(2)}x cp, ${(floorS / s).toFixed(2)}x floor, ${(bareS / s).toFixed(2)}x bare + busboy; ` +
        `CPU ${Number.isNaN(cpu) ? '-' : `${cpu.toFixed(2)} s per GB (runs ${ms.map((m) => (m.cpu / gb).toFixed(2)).join('/')}), main thread ${mainCpu.toFixed(2)}, ${mainFaults.toFixed(0)} page faults`} (client ${clientCpu.toFixed(2)}); peak RSS growth ${Number.isNaN(rss) ? '- (Linux only)' : `${rss.toFixed(1)} MB per GB`}; ` +
        `last write to reply ${Number.isNaN(tail) ? '-' : `${tail.toFixed(2)} s`}`,
    )
  }
  console.log('  (aim: the gateway at least 0.8x cp, RSS growth under 64 MB per GB)')
  console.log('  (the floor and /v1/files take the first upload of their process in each round, after it idled while the others ran; the raw socket and recordings come right after them)')

  let readS = Infinity
  let downS = Infinity
  let bareDownS = Infinity
  for (let i = 0; i < RUNS; i++) {
    readS = Math.min(readS, await timed(() => pipeline(createReadStream(source, { highWaterMark: MB }), devNull())))
    downS = Math.min(downS, await timed(() => download(`${gateway.url}/v1/files/${fileId}/content`, auth)))
    bareDownS = Math.min(bareDownS, await timed(() => download(`${bareUrl}/received`)))
  }
  console.log(`download ${sizeMb} MB: ${mbps(downS).toFixed(0)} MB/s vs plain read ${mbps(readS).toFixed(0)} MB/s  -> ratio ${(readS / downS).toFixed(2)}`)
  console.log(`  and vs the bare node:http server sending the same file ${mbps(bareDownS).toFixed(0)} MB/s -> ratio ${(bareDownS / downS).toFixed(2)}`)

  // 10,000 rows written straight into the gateway's database (WAL lets a second process write beside it)
  const store = openStore(join(gateway.dir, 'data', 'gatehouse.db'))
  const teamId = store.teams.getByName('bench')!.id
  const now = Math.floor(Date.now() / 1000)
  store.transaction(() => {
    for (let i = 0; i < 10_000; i++) {
      const createdAt = now - 10_000 + Math.floor(i / 3)
      store.files.insert({ id: newFileId(createdAt, randomIds), teamId, filename: `f${i}.jsonl`, purpose: 'batch', bytes: i, createdAt, expiresAt: now + 86400 })
    }
  })
  store.close()
  const list = async (query: string) => {
    const runs: number[] = []
    for (let i = 0; i < 15; i++) runs.push(await timed(async () => (await fetch(`${gateway.url}/v1/files${query}`, { headers: auth })).arrayBuffer()))
    return (runs.sort((a, b) => a - b)[7]! * 1000).toFixed(1)
  }
  console.log(`list with 10,000 files (median of 15): all 10,000 in one page ${await list('')} ms; a page of 100 ${await list('?limit=100&order=asc')} ms`)
} finally {
  gateway.child.kill('SIGTERM')
  bare.child.kill('SIGTERM')
  floor.child.kill('SIGTERM')
  await Promise.all([once(gateway.child, 'exit'), once(bare.child, 'exit'), once(floor.child, 'exit')])
  rmSync(gateway.dir, { recursive: true, force: true })
  rmSync(dir, { recursive: true, force: true })
}
