import type { EnginesInfo, HubDownloadInfo, HubFilesInfo, HubRepoInfo } from '../../../shared/admin-wire'
import type { Connection } from './connection'
import { requestJson } from './http'

/** Models from a Hugging Face hub (through the gateway) and the engines' state. */
export interface HubApi {
  searchHub(query: string): Promise<HubRepoInfo[]>
  hubFiles(repo: string): Promise<HubFilesInfo>
  /** Starts (or resumes, when part of it is on disk) the download of one file of a repository. */
  downloadHubFile(input: { repo: string; file: string; name?: string }): Promise<void>
  resumeHubDownload(name: string): Promise<void>
  hubDownloads(): Promise<HubDownloadInfo[]>
  engines(): Promise<EnginesInfo>
}

export function createHubApi(conn: Connection): HubApi {
  const admin = <T>(path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) => requestJson<T>(conn, `/admin${path}`, { method, body, auth: 'admin' })
  const enc = encodeURIComponent
  return {
    searchHub: async (query) => (await admin<{ data: HubRepoInfo[] }>(`/local-models/search?q=${enc(query)}`)).data,
    hubFiles: (repo) => admin<HubFilesInfo>(`/local-models/hub/${repo.split('/').map(enc).join('/')}/files`),
    downloadHubFile: async (input) => void (await admin('/local-models/download', 'POST', input)),
    resumeHubDownload: async (name) => void (await admin(`/local-models/${enc(name)}/resume`, 'POST', {})),
    hubDownloads: async () => (await admin<{ downloads?: HubDownloadInfo[] }>('/local-models')).downloads ?? [],
    engines: () => admin<EnginesInfo>('/engines'),
  }
}
