/**
 * A loopback server that answers like Hugging Face's hub: model search (`/api/models?search=&filter=gguf`),
 * a repository's card (`/api/models/{repo}`) and file tree with LFS sha256 (`/api/models/{repo}/tree/main`),
 * and file downloads with Range and ETag (`/{repo}/resolve/main/{file}`), serving the shared test models.
 * A test can cut a download off after some bytes (the connection dies), hold it there until released (to
 * pause it), or list a wrong sha256 for a file.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface FakeHubFile {
  path: string
  /** Local file served under that path. */
  source: string
  /** Lists this sha256 instead of the file's own. */
  listedSha256?: string
}

export interface FakeHubRepo {
  id: string
  tags: string[]
  pipelineTag?: string
  downloads?: number
  files: FakeHubFile[]
}

export interface FakeHubRequest {
  method: string
  path: string
  range: string | null
}

/** What the next download of a file does: stop after `afterBytes` by dropping the connection, or by holding it open until `release()`. */
export interface Interruption {
  afterBytes: number
  mode: 'drop' | 'hold'
}

export interface FakeHuggingFace {
  url: string
  requests: FakeHubRequest[]
  interruptNext(file: string, how: Interruption): void
  /** Resolves once a held download has sent its bytes (then the client can pause it). */
  held(file: string): Promise<void>
  close(): Promise<void>
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

export async function startFakeHuggingFace(repos: FakeHubRepo[]): Promise<FakeHuggingFace> {
  const bytes = new Map<string, Buffer>()
  const load = (f: FakeHubFile) => {
    let b = bytes.get(f.source)
    if (!b) bytes.set(f.source, (b = readFileSync(f.source)))
    return b
  }
  const requests: FakeHubRequest[] = []
  const interruptions = new Map<string, Interruption>()
  const heldWaiters = new Map<string, () => void>()
  const heldPromises = new Map<string, Promise<void>>()
  const openSockets = new Set<Socket>()

  const repoJson = (r: FakeHubRepo) => ({ _id: r.id, id: r.id, modelId: r.id, downloads: r.downloads ?? 0, likes: 0, tags: r.tags, pipeline_tag: r.pipelineTag, lastModified: '2026-01-01T00:00:00.000Z' })

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hub')
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, range: (req.headers.range as string | undefined) ?? null })
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/api/models') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase()
      const filter = url.searchParams.get('filter')
      return json(200, repos.filter((r) => r.id.toLowerCase().includes(q) && (!filter || r.tags.includes(filter))).map(repoJson))
    }
    const tree = /^\/api\/models\/([^/]+\/[^/]+)\/tree\/main$/.exec(url.pathname)
    const card = /^\/api\/models\/([^/]+\/[^/]+)$/.exec(url.pathname)
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/main\/(.+)$/.exec(url.pathname)
    const repo = repos.find((r) => r.id === (tree ?? card ?? resolve)?.[1])
    if (!repo) return json(404, { error: 'Repository not found' })
    if (card) return json(200, repoJson(repo))
    if (tree) {
      return json(200, repo.files.map((f) => {
        const b = load(f)
        return { type: 'file', oid: sha256(Buffer.from(f.path)).slice(0, 40), size: b.length, path: f.path, lfs: { oid: f.listedSha256 ?? sha256(b), size: b.length, pointerSize: 134 } }
      }))
    }
    const path = decodeURIComponent(resolve![2]!)
    const file = repo.files.find((f) => f.path === path)
    if (!file) return json(404, { error: 'Entry not found' })
    const body = load(file)
    const etag = `"${sha256(body)}"`
    const asked = /^bytes=(\d+)-(\d*)$/.exec((req.headers.range as string | undefined) ?? '')
    // If-Range with another ETag: the file changed, so the whole of it comes back.
    const range = asked && (!req.headers['if-range'] || req.headers['if-range'] === etag) ? asked : null
    const start = range ? Number(range[1]) : 0
    const end = range?.[2] ? Math.min(body.length - 1, Number(range[2])) : body.length - 1
    if (start >= body.length) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` })
      return res.end()
    }
    res.writeHead(range ? 206 : 200, {
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
      etag,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}),
    })
    const slice = body.subarray(start, end + 1)
    // Only a whole-file download is cut: header reads (Range from 0 with an end) pass.
    const cut = range?.[2] ? undefined : interruptions.get(path)
    if (!cut) return res.end(slice)
    interruptions.delete(path)
    res.write(slice.subarray(0, cut.afterBytes), () => {
      // The drop comes a moment after the bytes left, as on a real network: destroyed at once, the bytes the
      // client had received but not yet read were discarded with the error, so on a busy machine it resumed
      // from fewer bytes than were sent (hub-models-admin's resume test then saw another Range).
      if (cut.mode === 'drop') setTimeout(() => res.socket?.destroy(), 300)
      else heldWaiters.get(path)?.()
    })
  })
  server.on('connection', (s) => {
    openSockets.add(s)
    s.on('close', () => openSockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    interruptNext(file, how) {
      interruptions.set(file, how)
      if (how.mode === 'hold') heldPromises.set(file, new Promise<void>((resolve) => heldWaiters.set(file, resolve)))
    },
    held: (file) => heldPromises.get(file) ?? Promise.resolve(),
    async close() {
      for (const s of openSockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
