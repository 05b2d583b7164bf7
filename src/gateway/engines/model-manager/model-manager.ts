import { randomBytes } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { mkdir, open, rm, stat } from 'node:fs/promises'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { GatewayError, badRequest, notFound } from '../../../shared/errors'
import { commitFile } from '../../blobs/atomic-file'
import { ModelRegistry, type RegisteredModel } from './model-registry'
import { TransferHttpError, type TransferProgress, type TransferSource, discardPartial, transferWithResume } from './model-transfer'
import { type CatalogModel, DEFAULT_MODEL_CATALOG, type LocalModelKind } from './whisper-model-catalog'
import { isoTime } from '../../kernel/iso-time'

export interface ModelManagerOptions {
  /** Where installed models live; the gateway passes `<data-dir>/models`. */
  modelsDir: string
  catalog?: CatalogModel[]
  /**
   * Stands in for every download source: a base URL (`<mirror>/<fileName>`) or a local folder
   * holding the files under their catalog file names.
   */
  mirror?: string
  fetch?: typeof fetch
}

export interface InstalledModel {
  name: string
  kind: LocalModelKind
  path: string
  fileName: string
  sizeBytes: number
  /** Null for a catalog file found on disk without a record (not verified). */
  sha256: string | null
  source: RegisteredModel['source'] | 'found'
  /** Whisper: false for English-only models; null when unknown (imported). */
  multilingual: boolean | null
}

export interface ModelListing {
  name: string
  kind: LocalModelKind
  description: string
  fileName: string
  sizeBytes: number | null
  installed: InstalledModel | null
  downloading: boolean
}

export interface ModelDownloadProgress extends TransferProgress {
  name: string
}

export interface ModelManagerEvents {
  progress: [ModelDownloadProgress]
  installed: [InstalledModel]
  deleted: [string]
}

const GGML_MAGIC = Buffer.from('lmgg', 'latin1') // 0x67676d6c little-endian, the whisper.cpp ggml header
const GGUF_MAGIC = Buffer.from('GGUF', 'latin1')
const isGguf = (kind: LocalModelKind) => kind === 'chat' || kind === 'embedding'
const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

const conflict = (message: string, code: string) => new GatewayError({ status: 409, type: 'invalid_request_error', code, message })

/**
 * Installs, lists and removes local models (whisper, VAD, and GGUF chat and embedding models) in one folder: downloads with
 * progress, resume and checksum, imports of local files, all written atomically.
 */
export class ModelManager extends EventEmitter<ModelManagerEvents> {
  private readonly modelsDir: string
  private readonly partialDir: string
  private readonly catalog: CatalogModel[]
  private readonly registry: ModelRegistry
  private readonly fetchFn: typeof fetch
  private readonly mirror?: string
  private readonly downloads = new Map<string, Promise<InstalledModel>>()

  constructor(options: ModelManagerOptions) {
    super()
    this.modelsDir = resolve(options.modelsDir)
    this.partialDir = join(this.modelsDir, '.partial')
    this.catalog = options.catalog ?? DEFAULT_MODEL_CATALOG
    this.registry = new ModelRegistry(this.modelsDir)
    this.fetchFn = options.fetch ?? fetch
    this.mirror = options.mirror
  }

  catalogEntry(name: string): CatalogModel | undefined {
    return this.catalog.find((m) => m.name === name)
  }

  catalogEntryOfFile(fileName: string): CatalogModel | undefined {
    return this.catalog.find((m) => m.fileName === fileName)
  }

  async list(): Promise<ModelListing[]> {
    const registered = await this.registry.read()
    const listings: ModelListing[] = []
    for (const entry of this.catalog) {
      listings.push({
        name: entry.name,
        kind: entry.kind,
        description: entry.description,
        fileName: entry.fileName,
        sizeBytes: entry.sizeBytes,
        installed: await this.installed(entry.name),
        downloading: this.downloads.has(entry.name),
      })
    }
    for (const [name, record] of Object.entries(registered)) {
      if (this.catalogEntry(name)) continue
      listings.push({
        name,
        kind: record.kind,
        description: record.repo ? `From ${record.repo}` : 'Imported model',
        fileName: record.fileName,
        sizeBytes: record.sizeBytes,
        installed: await this.installed(name),
        downloading: this.downloads.has(name),
      })
    }
    return listings
  }

  /** The installed model of that name, or null. Also accepts a catalog file name ('ggml-base.bin'). */
  async installed(name: string): Promise<InstalledModel | null> {
    const key = this.catalog.find((m) => m.fileName === name)?.name ?? name
    const record = (await this.registry.read())[key]
    const entry = this.catalogEntry(key)
    if (record) {
      const path = join(this.modelsDir, record.fileName)
      if (!(await stat(path).catch(() => null))?.isFile()) return null
      return { name: key, kind: record.kind, path, fileName: record.fileName, sizeBytes: record.sizeBytes, sha256: record.sha256, source: record.source, multilingual: entry?.multilingual ?? null }
    }
    if (!entry) return null
    // A catalog file that is in place without a record (the record write was lost, or it was copied in by hand).
    const path = join(this.modelsDir, entry.fileName)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile() || (entry.sizeBytes !== null && info.size !== entry.sizeBytes)) return null
    return { name: key, kind: entry.kind, path, fileName: entry.fileName, sizeBytes: info.size, sha256: null, source: 'found', multilingual: entry.multilingual }
  }

  /** Every installed model of a kind, e.g. the chat models the gateway offers without a config entry. */
  async installedOf(kind: LocalModelKind): Promise<InstalledModel[]> {
    const found: InstalledModel[] = []
    for (const listing of await this.list()) if (listing.kind === kind && listing.installed) found.push(listing.installed)
    return found
  }

  /** Like `installed`, but a missing model is a 404 that says how to install it. */
  async resolve(name: string, kind: LocalModelKind = 'whisper'): Promise<InstalledModel> {
    const model = await this.installed(name)
    if (model && model.kind === kind) return model
    const entry = this.catalogEntry(name)
    const available = this.catalog.filter((m) => m.kind === kind).map((m) => m.name)
    const how = entry
      ? `Download it (${entry.fileName}${entry.sizeBytes ? `, ${Math.round(entry.sizeBytes / 1e6)} MB` : ''}) on the Models page of Gatehouse or through the model manager's download, or import a copy of that file.`
      : `Download one of ${available.join(', ')} on the Models page of Gatehouse, or import a ${isGguf(kind) ? 'GGUF' : 'whisper.cpp ggml'} model file under this name.`
    throw notFound(`The local ${kind} model "${name}" is not installed. ${how}`, 'model_not_installed', 'model')
  }

  /** Downloads a catalog model (from the mirror when one is set); resumes an interrupted download. */
  download(name: string, options: { signal?: AbortSignal; onProgress?: (p: ModelDownloadProgress) => void } = {}): Promise<InstalledModel> {
    const entry = this.catalogEntry(name)
    if (!entry) {
      return Promise.reject(notFound(`No downloadable model is called "${name}". Known models: ${this.catalog.map((m) => m.name).join(', ')}.`, 'model_not_found', 'model'))
    }
    if (this.downloads.has(name)) return Promise.reject(conflict(`The model "${name}" is already downloading.`, 'download_in_progress'))
    const running = this.runDownload(entry, options).finally(() => this.downloads.delete(name))
    this.downloads.set(name, running)
    return running
  }

  /**
   * Downloads a file that is not in the catalog (a Hugging Face file the person picked) from its own URL,
   * checked against the size and sha256 the hub lists; an interrupted or paused download resumes.
   */
  downloadFile(hubEntry: CatalogModel & { repo?: string }, options: { signal?: AbortSignal; onProgress?: (p: ModelDownloadProgress) => void } = {}): Promise<InstalledModel> {
    // A catalog model's own file (ggerganov/whisper.cpp's ggml-base.bin, say) installs as that model, from where it was found.
    const known = this.catalogEntryOfFile(hubEntry.fileName)
    const entry = known ? { ...hubEntry, name: known.name, kind: known.kind, multilingual: known.multilingual } : hubEntry
    const { name } = entry
    if (!MODEL_NAME.test(name)) return Promise.reject(badRequest(`"${name}" is not a usable model name: letters, digits, dot, dash and underscore, up to 64.`, 'name'))
    if (!known && this.catalogEntry(name)) return Promise.reject(conflict(`"${name}" is a catalog model's name; pick another name.`, 'model_exists'))
    if (this.downloads.has(name)) return Promise.reject(conflict(`The model "${name}" is already downloading.`, 'download_in_progress'))
    const running = this.installed(name)
      .then((present) => {
        if (present) throw conflict(`A model called "${name}" is installed already; delete it first or pick another name.`, 'model_exists')
        return this.runDownload(entry, options, { kind: 'url', url: entry.url })
      })
      .finally(() => this.downloads.delete(name))
    this.downloads.set(name, running)
    return running
  }

  /** Copies a local model file in under `name` (checked against the catalog when the name is a catalog model's). */
  async import(sourcePath: string, options: { name: string; kind?: LocalModelKind; signal?: AbortSignal }): Promise<InstalledModel> {
    const { name } = options
    if (!MODEL_NAME.test(name)) throw badRequest(`"${name}" is not a usable model name: letters, digits, dot, dash and underscore, up to 64.`, 'name')
    const entry = this.catalogEntry(name)
    const kind = entry?.kind ?? options.kind ?? (await this.kindOfFile(sourcePath))
    if (await this.installed(name)) throw conflict(`A model called "${name}" is installed already; delete it first.`, 'model_exists')
    if (!(await stat(sourcePath).catch(() => null))?.isFile()) throw badRequest(`The file ${sourcePath} does not exist.`, 'file')
    await this.assertModelFile(sourcePath, kind)

    const fileName = entry?.fileName ?? `${name}.${isGguf(kind) ? 'gguf' : 'bin'}`
    if (!entry && this.catalog.some((m) => m.fileName === fileName)) throw conflict(`The file name ${fileName} belongs to a catalog model.`, 'model_exists')
    await mkdir(this.partialDir, { recursive: true })
    const temp = join(this.partialDir, `${fileName}.import-${randomBytes(4).toString('hex')}`)
    try {
      const { sizeBytes, sha256 } = await transferWithResume({ kind: 'file', path: resolve(sourcePath) }, temp, { fetch: this.fetchFn, signal: options.signal })
      if (entry) this.verify(entry, sizeBytes, sha256)
      return await this.install(name, kind, fileName, temp, sizeBytes, sha256, 'import', entry)
    } finally {
      await discardPartial(temp)
    }
  }

  /** Removes an installed model and any partial download of it. False when there was nothing to remove. */
  async delete(name: string): Promise<boolean> {
    const model = await this.installed(name)
    const entry = this.catalogEntry(name)
    if (entry) await discardPartial(join(this.partialDir, `${entry.fileName}.part`))
    if (!model) return false
    await this.registry.update((models) => {
      delete models[model.name]
    })
    await rm(model.path, { force: true })
    this.emit('deleted', model.name)
    return true
  }

  private sourceFor(entry: CatalogModel): TransferSource {
    if (!this.mirror) return { kind: 'url', url: entry.url }
    if (/^https?:\/\//i.test(this.mirror)) return { kind: 'url', url: `${this.mirror.replace(/\/+$/, '')}/${encodeURIComponent(entry.fileName)}` }
    const folder = this.mirror.startsWith('file:') ? fileURLToPath(this.mirror) : this.mirror
    return { kind: 'file', path: join(isAbsolute(folder) ? folder : resolve(folder), entry.fileName) }
  }

  private async runDownload(
    entry: CatalogModel & { repo?: string },
    options: { signal?: AbortSignal; onProgress?: (p: ModelDownloadProgress) => void },
    source: TransferSource = this.sourceFor(entry),
  ): Promise<InstalledModel> {
    await mkdir(this.partialDir, { recursive: true })
    const part = join(this.partialDir, `${entry.fileName}.part`)
    let result
    try {
      result = await transferWithResume(source, part, {
        fetch: this.fetchFn,
        signal: options.signal,
        onProgress: (p) => {
          const progress = { name: entry.name, ...p }
          options.onProgress?.(progress)
          this.emit('progress', progress)
        },
      })
    } catch (e) {
      if (e instanceof TransferHttpError) {
        throw new GatewayError({ status: 502, type: 'upstream_error', code: 'model_download_failed', message: `Downloading the model "${entry.name}" failed: ${e.message}.`, cause: e })
      }
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && source.kind === 'file') {
        throw notFound(`The mirror folder has no ${entry.fileName} (looked for ${source.path}).`, 'model_not_found', 'model')
      }
      throw e
    }
    try {
      this.verify(entry, result.sizeBytes, result.sha256)
    } catch (e) {
      await discardPartial(part)
      throw e
    }
    const installed = await this.install(entry.name, entry.kind, entry.fileName, part, result.sizeBytes, result.sha256, 'download', entry, entry.repo)
    await discardPartial(part)
    return installed
  }

  private verify(entry: CatalogModel, sizeBytes: number, sha256: string): void {
    const fail = (what: string) =>
      new GatewayError({ status: 502, type: 'upstream_error', code: 'model_checksum_mismatch', message: `The file received for the model "${entry.name}" is corrupt: ${what}. It was discarded; try again.` })
    if (entry.sizeBytes !== null && sizeBytes !== entry.sizeBytes) throw fail(`${sizeBytes} bytes instead of ${entry.sizeBytes}`)
    if (entry.sha256 !== null && sha256 !== entry.sha256) throw fail(`sha256 ${sha256} instead of ${entry.sha256}`)
  }

  private async install(
    name: string,
    kind: LocalModelKind,
    fileName: string,
    tempPath: string,
    sizeBytes: number,
    sha256: string,
    source: RegisteredModel['source'],
    entry: CatalogModel | undefined,
    repo?: string,
  ): Promise<InstalledModel> {
    const path = join(this.modelsDir, fileName)
    await commitFile(tempPath, path)
    await this.registry.update((models) => {
      models[name] = { kind, fileName, sizeBytes, sha256, source, installedAt: isoTime(Date.now()), ...(repo ? { repo } : {}) }
    })
    const installed: InstalledModel = { name, kind, path, fileName, sizeBytes, sha256, source, multilingual: entry?.multilingual ?? null }
    this.emit('installed', installed)
    return installed
  }

  private async header(path: string): Promise<Buffer> {
    const handle = await open(path, 'r')
    try {
      const head = Buffer.alloc(4)
      await handle.read(head, 0, 4, 0)
      return head
    } finally {
      await handle.close()
    }
  }

  /** An imported file's kind when the request does not say: a GGUF file is a chat model, anything else a whisper model. */
  private async kindOfFile(path: string): Promise<LocalModelKind> {
    const head = await this.header(path).catch(() => null)
    return head?.equals(GGUF_MAGIC) ? 'chat' : 'whisper'
  }

  private async assertModelFile(path: string, kind: LocalModelKind): Promise<void> {
    const head = await this.header(path)
    if (isGguf(kind) && !head.equals(GGUF_MAGIC)) throw badRequest(`${path} is not a GGUF model file (its header is not "GGUF").`, 'file', 'invalid_model_file')
    if (!isGguf(kind) && !head.equals(GGML_MAGIC)) throw badRequest(`${path} is not a whisper.cpp ggml model file (its header is not "ggml").`, 'file', 'invalid_model_file')
  }
}
