import { type Hash, createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { type FileHandle, open, readFile, rm, stat, writeFile } from 'node:fs/promises'

/** Where a model's bytes come from: an HTTP(S) URL or a file in a local mirror folder. */
export type TransferSource = { kind: 'url'; url: string } | { kind: 'file'; path: string }

export interface TransferProgress {
  receivedBytes: number
  totalBytes: number | null
  /** Bytes already on disk from an earlier, interrupted transfer. */
  resumedFromBytes: number
}

export interface TransferOptions {
  fetch: typeof fetch
  signal?: AbortSignal
  onProgress?: (progress: TransferProgress) => void
  /**
   * Minimum time between two progress reports. Default 100 ms. Bytes that came in since the last report are
   * reported once the interval is up even if no more come, so a stalled download shows what it really has.
   */
  progressIntervalMs?: number
}

export interface TransferResult {
  sizeBytes: number
  sha256: string
}

/** The source answered with an HTTP error. */
export class TransferHttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
  ) {
    super(`HTTP ${status} from ${url}`)
    this.name = 'TransferHttpError'
  }
}

interface PartMeta {
  source: string
  etag: string | null
}

const sourceId = (s: TransferSource) => (s.kind === 'url' ? s.url : `file:${s.path}`)
const metaPathOf = (partPath: string) => `${partPath}.json`

async function readMeta(partPath: string): Promise<PartMeta | null> {
  try {
    return JSON.parse(await readFile(metaPathOf(partPath), 'utf8')) as PartMeta
  } catch {
    return null
  }
}

async function hashExisting(path: string, hash: Hash, signal?: AbortSignal): Promise<void> {
  for await (const chunk of createReadStream(path, { signal })) hash.update(chunk as Buffer)
}

/** Removes a partial transfer and its resume notes. */
export async function discardPartial(partPath: string): Promise<void> {
  await rm(partPath, { force: true })
  await rm(metaPathOf(partPath), { force: true })
}

/**
 * Copies a model into `partPath`, resuming from what an earlier interrupted transfer of the same
 * source left there (HTTP Range, with If-Range on the ETag so a changed file restarts from zero).
 * Hashes while it writes; fsyncs before it returns. On abort the part stays for the next try.
 */
export async function transferWithResume(source: TransferSource, partPath: string, options: TransferOptions): Promise<TransferResult> {
  const { signal } = options
  signal?.throwIfAborted()
  const meta = await readMeta(partPath)
  let offset = meta?.source === sourceId(source) ? ((await stat(partPath).catch(() => null))?.size ?? 0) : 0
  let hash = createHash('sha256')
  if (offset > 0) await hashExisting(partPath, hash, signal)

  let chunks: AsyncIterable<Uint8Array>
  let total: number | null
  let etag: string | null = null
  if (source.kind === 'url') {
    const headers: Record<string, string> = {}
    if (offset > 0) {
      headers.range = `bytes=${offset}-`
      if (meta?.etag) headers['if-range'] = meta.etag
    }
    const res = await options.fetch(source.url, { headers, signal, redirect: 'follow' })
    const rangeStart = Number(/^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '')?.[1] ?? NaN)
    if (res.status === 416 && offset > 0) {
      // Nothing left to send: the part is already the whole file. Size and hash checks decide.
      await res.body?.cancel()
      return { sizeBytes: offset, sha256: hash.digest('hex') }
    }
    if (res.status === 206 && rangeStart === offset) {
      total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? NaN) || null
    } else if (res.status === 200) {
      if (offset > 0) {
        offset = 0 // the server ignored the range or the file changed: start over
        hash = createHash('sha256')
      }
      total = Number(res.headers.get('content-length')) || null
    } else {
      await res.body?.cancel()
      throw new TransferHttpError(res.status, source.url)
    }
    if (!res.body) throw new TransferHttpError(res.status, source.url)
    etag = res.headers.get('etag')
    chunks = res.body as unknown as AsyncIterable<Uint8Array>
  } else {
    const size = (await stat(source.path)).size
    if (offset > size) {
      offset = 0
      hash = createHash('sha256')
    }
    total = size
    chunks = createReadStream(source.path, { start: offset, signal })
  }

  await writeFile(metaPathOf(partPath), JSON.stringify({ source: sourceId(source), etag } satisfies PartMeta))
  const handle: FileHandle = await open(partPath, offset > 0 ? 'a' : 'w')
  const resumedFromBytes = offset
  let received = offset
  let lastReport = 0
  let trailingReport: NodeJS.Timeout | undefined
  const interval = options.progressIntervalMs ?? 100
  const report = () => {
    trailingReport = undefined
    lastReport = Date.now()
    options.onProgress?.({ receivedBytes: received, totalBytes: total, resumedFromBytes })
  }
  try {
    for await (const chunk of chunks) {
      await handle.write(chunk)
      hash.update(chunk)
      received += chunk.length
      if (!options.onProgress) continue
      const wait = lastReport + interval - Date.now()
      if (wait <= 0) {
        clearTimeout(trailingReport)
        report()
      } else {
        trailingReport ??= setTimeout(report, wait)
      }
    }
    await handle.sync()
  } finally {
    clearTimeout(trailingReport)
    await handle.close()
  }
  report()
  return { sizeBytes: received, sha256: hash.digest('hex') }
}
