import { createHash } from 'node:crypto'
import { createReadStream, statSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import type { FSWatcher } from 'chokidar'
import type { FastifyBaseLogger } from 'fastify'
import type { WatchFolderConfig } from '../../config/gateway-config'
import type { Clock } from '../../kernel/runtime'
import type { WatchedFileRow } from '../../store/repos/watched-files-repo'
import type { Store } from '../../store/store'
import type { RecordingsAdmin } from '../admin/recordings-admin'
import type { Principal } from '../auth/principal'
import type { AudioService } from './audio-service'
import { billedTeam } from './billed-team'
import type * as Chokidar from 'chokidar'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'

// Loaded with the first watch folder.
const chokidar = loadOnFirstUse<typeof Chokidar>('chokidar')

/** A file is taken once its size and modification time stay the same this long: a copy still running changes them. */
export const SETTLE_MS = 2000
/** The key id a watch folder's transcriptions carry in the usage log. */
export const WATCH_FOLDER_KEY_ID = 'admin:watch-folder'

const MEDIA_TYPES: Record<string, string> = {
  '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.aac': 'audio/aac', '.flac': 'audio/flac', '.ogg': 'audio/ogg', '.oga': 'audio/ogg',
  '.opus': 'audio/opus', '.webm': 'audio/webm', '.aif': 'audio/aiff', '.aiff': 'audio/aiff', '.wma': 'audio/x-ms-wma', '.mpga': 'audio/mpeg',
  '.mp4': 'video/mp4', '.mov': 'video/quicktime', '.mkv': 'video/x-matroska', '.avi': 'video/x-msvideo', '.mpeg': 'video/mpeg', '.3gp': 'video/3gpp',
}
/** Audio and video files by their extension (hidden files and partial downloads are left alone). */
export const mediaTypeOf = (path: string): string | undefined => (basename(path).startsWith('.') ? undefined : MEDIA_TYPES[extname(path).toLowerCase()])

export interface WatchFolder extends WatchFolderConfig {
  /** `config`: from the config file; `admin`: set in Settings. */
  source: 'config' | 'admin'
  /** Why it is not watched, when it cannot be (status only). */
  problem?: string
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

export interface WatchStatus {
  folders: WatchFolder[]
  /** Files still being written (not yet taken), then the files taken, newest first. */
  files: Array<Pick<WatchedFileRow, 'path' | 'folder' | 'size' | 'state' | 'recordingId' | 'error' | 'updatedAt'> | { path: string; folder: string; size: number; state: 'settling'; recordingId: null; error: null; updatedAt: number }>
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const part of createReadStream(path)) hash.update(part as Buffer)
  return hash.digest('hex')
}

/**
 * Watch folders: an audio or video file that appears in one and stops growing (same size and mtime for
 * `SETTLE_MS` by the injected clock) is copied into a recording and transcribed with the folder's model,
 * billed to its team. What became of each file is kept in the store (size, mtime, SHA-256), so a restart
 * does not transcribe it again and a file whose content changed is transcribed again, as a new recording.
 * chokidar only says when to look; `check` does the looking, so a test (or "Check now") can drive it.
 */
export function createWatchFolders(deps: { store: Store; clock: Clock; audio: AudioService; recordings: RecordingsAdmin; folders: () => WatchFolder[]; maxBytes: number; requestId: () => string; log: FastifyBaseLogger }) {
  const { store, clock, audio, recordings, log } = deps
  /** Files seen growing or not yet stable long enough: their last size and mtime, and since when. */
  const settling = new Map<string, { folder: string; size: number; mtimeMs: number; since: number }>()
  let queue: Promise<unknown> = Promise.resolve()
  let watcher: FSWatcher | undefined
  let timer: NodeJS.Timeout | undefined

  const put = (row: Omit<WatchedFileRow, 'updatedAt'>) => store.watchedFiles.put({ ...row, updatedAt: clock.now() })

  async function transcribe(folder: WatchFolder, path: string, size: number, mtimeMs: number, sha256: string): Promise<void> {
    const base = { path, folder: folder.path, size, mtimeMs, sha256 }
    put({ ...base, state: 'transcribing', recordingId: null, error: null })
    let recordingId: string | null = null
    try {
      const team = billedTeam(store, folder.team, null, 'audio.watch_folders.team')
      const filename = basename(path)
      const staged = await recordings.stage(createReadStream(path), deps.maxBytes)
      const rec = await recordings.upload(staged, { title: filename.slice(0, filename.length - extname(filename).length) || filename, source: 'upload', filename, contentType: mediaTypeOf(path)!, duration: null, team: folder.team })
      recordingId = rec.id
      put({ ...base, state: 'transcribing', recordingId, error: null })
      const principal: Principal = { keyId: WATCH_FOLDER_KEY_ID, kind: 'team', userId: null, team, deprecation: null, scopes: null }
      const ctx = { principal, requestId: deps.requestId(), signal: new AbortController().signal, source: 'api' as const, startedAt: clock.now() }
      const { result } = await audio.transcribe(ctx, folder.model, { file: await readFile(recordings.audioPath(rec.id)), filename, task: 'transcribe', timestampGranularities: ['segment'], ...(folder.language ? { language: folder.language } : {}) })
      const segments = result.segments.map((s, i) => ({ id: i, start: s.start, end: s.end, text: s.text }))
      await recordings.update(rec.id, { transcript: { text: result.text, segments, language: result.language, model: folder.model, task: 'transcribe' }, duration: result.duration })
      put({ ...base, state: 'done', recordingId, error: null })
    } catch (err) {
      const error = (err as Error).message
      log.warn({ path, error }, 'a watch folder file could not be transcribed')
      put({ ...base, state: 'failed', recordingId, error })
    }
  }

  async function look(folder: WatchFolder, path: string): Promise<void> {
    const st = await stat(path).catch(() => undefined)
    if (!st?.isFile() || st.size === 0) return void settling.delete(path)
    const known = store.watchedFiles.get(path)
    if (known && (known.state === 'done' || known.state === 'failed') && known.size === st.size && known.mtimeMs === st.mtimeMs) return void settling.delete(path)
    const now = clock.now()
    const last = settling.get(path)
    if (!last || last.size !== st.size || last.mtimeMs !== st.mtimeMs) return void settling.set(path, { folder: folder.path, size: st.size, mtimeMs: st.mtimeMs, since: now })
    if (now - last.since < SETTLE_MS) return
    settling.delete(path)
    const sha256 = await sha256Of(path)
    // touched, or copied again with the same bytes: the transcript already made stands
    if (known?.state === 'done' && known.sha256 === sha256) return put({ ...known, size: st.size, mtimeMs: st.mtimeMs })
    if (known?.state === 'failed' && known.sha256 === sha256) return put({ ...known, size: st.size, mtimeMs: st.mtimeMs })
    // cut off by a stop: the recording it had begun goes, and the file is transcribed again
    if (known && known.state !== 'done' && known.state !== 'failed' && known.recordingId) await recordings.remove(known.recordingId).catch(() => undefined)
    await transcribe(folder, path, st.size, st.mtimeMs, sha256)
  }

  async function checkNow(): Promise<void> {
    for (const folder of deps.folders()) {
      const names = await readdir(folder.path).catch(() => [] as string[])
      for (const name of names.sort()) {
        const path = join(folder.path, name)
        if (mediaTypeOf(path)) await look(folder, path)
      }
    }
  }

  /** Looks at every folder once, one look at a time; resolves when the files that were ready are transcribed. */
  const check = (): Promise<void> => {
    const run = queue.then(checkNow, checkNow)
    queue = run.catch((err) => log.error({ err }, 'watch folders: a check failed'))
    return run
  }

  /** While files settle, looks again once they may have. */
  function schedule(): void {
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      void check().finally(() => settling.size > 0 && schedule())
    }, SETTLE_MS + 100)
    timer.unref()
  }

  return {
    check,
    status: (): WatchStatus => ({
      folders: deps.folders().map((f) => (isFolder(f.path) ? f : { ...f, problem: 'This folder does not exist or cannot be read.' })),
      files: [
        ...[...settling].map(([path, s]) => ({ path, folder: s.folder, size: s.size, state: 'settling' as const, recordingId: null, error: null, updatedAt: s.since })),
        ...store.watchedFiles.list(200),
      ],
    }),
    /** Watches the folders (again, after they changed); a transcription cut off by a stop runs again. */
    async start(): Promise<void> {
      await this.stop()
      store.watchedFiles.requeueInterrupted()
      const paths = deps.folders().map((f) => f.path)
      if (!paths.length) return
      watcher = chokidar().watch(paths, { ignoreInitial: true, depth: 0 })
      watcher.on('add', schedule).on('change', schedule).on('error', (err) => log.warn({ err }, 'watch folders: cannot watch a folder'))
      void check().finally(() => settling.size > 0 && schedule())
    },
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer)
      timer = undefined
      await watcher?.close()
      watcher = undefined
      await queue
    },
  }
}

export type WatchFolders = ReturnType<typeof createWatchFolders>
