/**
 * Hugging Face's model hub as the model manager reads it: search (`/api/models`), a repository's files
 * with their LFS sha256 (`/api/models/{repo}/tree/main`), and each file's download URL
 * (`/{repo}/resolve/main/{file}`). The base is `engines.hub_endpoint`, so a company mirror that answers
 * the same routes works.
 */
import { GatewayError, badRequest } from '../../../shared/errors'

export interface HubRepo {
  id: string
  downloads: number
  likes: number
  tags: string[]
  pipelineTag: string | null
  lastModified: string | null
}

export interface HubFile {
  path: string
  sizeBytes: number
  /** The LFS object id: the file's sha256. Null for a file kept outside LFS. */
  sha256: string | null
}

/** owner/name, as Hugging Face spells repository ids. */
export const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/

const checkRepoId = (repo: string) => {
  if (!REPO_ID.test(repo)) throw badRequest(`"${repo}" is not a Hugging Face repository id; write it as owner/name, e.g. "Qwen/Qwen2.5-0.5B-Instruct-GGUF".`, 'repo')
}

const hubFailed = (what: string, detail: string) =>
  new GatewayError({ status: 502, type: 'upstream_error', code: 'hub_unavailable', message: `The model hub could not ${what}: ${detail}. Check engines.hub_endpoint and the network.` })

export class HubClient {
  private readonly base: string

  constructor(
    endpoint: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.base = endpoint.replace(/\/+$/, '')
  }

  /** Repositories matching `query` that hold GGUF files, and whisper.cpp repositories (ggml files, which carry no gguf tag). */
  async search(query: string, limit = 30): Promise<HubRepo[]> {
    const q = encodeURIComponent(query)
    const [gguf, all] = await Promise.all([
      this.json<RawRepo[]>(`/api/models?search=${q}&filter=gguf&sort=downloads&direction=-1&limit=${limit}`, 'search models'),
      this.json<RawRepo[]>(`/api/models?search=${q}&sort=downloads&direction=-1&limit=${limit}`, 'search models'),
    ])
    const whisper = all.filter((r) => /whisper/i.test(r.id) && /ggml|\.cpp/i.test(r.id + ' ' + (r.tags ?? []).join(' ')))
    const seen = new Set<string>()
    return [...gguf, ...whisper].filter((r) => !seen.has(r.id) && seen.add(r.id)).map(toRepo)
  }

  /** One repository's card data (`/api/models/{repo}`): its tags tell chat, embedding and whisper models apart. */
  async repo(repo: string): Promise<HubRepo> {
    checkRepoId(repo)
    return toRepo(await this.json<RawRepo>(`/api/models/${repo}`, `read ${repo}`))
  }

  async files(repo: string): Promise<HubFile[]> {
    checkRepoId(repo)
    const entries = await this.json<RawTreeEntry[]>(`/api/models/${repo}/tree/main?recursive=true`, `list the files of ${repo}`)
    return entries.filter((e) => e.type === 'file').map((e) => ({ path: e.path, sizeBytes: e.lfs?.size ?? e.size, sha256: e.lfs?.oid ?? null }))
  }

  fileUrl(repo: string, path: string): string {
    return `${this.base}/${repo}/resolve/main/${path.split('/').map(encodeURIComponent).join('/')}`
  }

  private async json<T>(path: string, what: string): Promise<T> {
    let res: Response
    try {
      res = await this.fetchFn(this.base + path, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) })
    } catch (e) {
      throw hubFailed(what, (e as Error).message)
    }
    if (res.status === 404) {
      await res.body?.cancel()
      throw new GatewayError({ status: 404, type: 'invalid_request_error', code: 'hub_not_found', param: 'repo', message: `The model hub has no such repository (${path.split('?')[0]}): check its owner/name.` })
    }
    if (!res.ok) {
      await res.body?.cancel()
      throw hubFailed(what, `HTTP ${res.status}`)
    }
    return (await res.json()) as T
  }
}

interface RawRepo {
  id: string
  downloads?: number
  likes?: number
  tags?: string[]
  pipeline_tag?: string
  lastModified?: string
}

interface RawTreeEntry {
  type: 'file' | 'directory'
  path: string
  size: number
  lfs?: { oid: string; size: number }
}

const toRepo = (r: RawRepo): HubRepo => ({ id: r.id, downloads: r.downloads ?? 0, likes: r.likes ?? 0, tags: r.tags ?? [], pipelineTag: r.pipeline_tag ?? null, lastModified: r.lastModified ?? null })
