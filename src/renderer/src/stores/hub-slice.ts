import { messageOf } from '../api/api-error'
import type { EnginesInfo, HubDownloadInfo, HubFilesInfo, HubRepoInfo } from '../../../shared/admin-wire'
import type { LoadStatus, SliceCreator } from './store-types'
import { missingOrError } from './list-state'

/** Models from Hugging Face (search, a repository's files with fit verdicts, hub downloads) and the engines' state. */
export interface HubSlice {
  hub: {
    query: string
    status: LoadStatus
    error: string | null
    repos: HubRepoInfo[]
    /** The repository whose files are shown. */
    repo: string | null
    filesStatus: LoadStatus
    filesError: string | null
    files: HubFilesInfo | null
    downloads: HubDownloadInfo[]
  }
  engines: { status: LoadStatus; error: string | null; info: EnginesInfo | null }
  searchHub(query: string): Promise<void>
  openHubRepo(repo: string | null): Promise<void>
  downloadHubFile(repo: string, file: string): Promise<void>
  resumeHubDownload(name: string): Promise<void>
  loadHubDownloads(): Promise<void>
  loadEngines(): Promise<void>
}

export const createHubSlice: SliceCreator<HubSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<HubSlice['hub']>) => set((s) => ({ hub: { ...s.hub, ...p } }))
  return {
    hub: { query: '', status: 'idle', error: null, repos: [], repo: null, filesStatus: 'idle', filesError: null, files: null, downloads: [] },
    engines: { status: 'idle', error: null, info: null },
    async searchHub(query) {
      patch({ query, status: 'loading', error: null })
      try {
        const repos = await api.searchHub(query)
        // A later search may have started meanwhile: only the latest one's answer shows.
        if (get().hub.query === query) patch({ status: 'ready', repos })
      } catch (e) {
        if (get().hub.query === query) patch({ status: missingOrError(e), error: messageOf(e), repos: [] })
      }
    },
    async openHubRepo(repo) {
      patch({ repo, files: null, filesError: null, filesStatus: repo ? 'loading' : 'idle' })
      if (!repo) return
      try {
        const files = await api.hubFiles(repo)
        if (get().hub.repo === repo) patch({ files, filesStatus: 'ready' })
      } catch (e) {
        if (get().hub.repo === repo) patch({ filesStatus: missingOrError(e), filesError: messageOf(e) })
      }
    },
    async downloadHubFile(repo, file) {
      await api.downloadHubFile({ repo, file })
      await get().loadHubDownloads()
    },
    async resumeHubDownload(name) {
      await api.resumeHubDownload(name)
      await get().loadHubDownloads()
    },
    async loadHubDownloads() {
      patch({ downloads: await api.hubDownloads() })
    },
    async loadEngines() {
      set((s) => ({ engines: { ...s.engines, status: s.engines.info ? 'ready' : 'loading', error: null } }))
      try {
        const info = await api.engines()
        set({ engines: { status: 'ready', error: null, info } })
      } catch (e) {
        set((s) => ({ engines: { ...s.engines, status: missingOrError(e), error: messageOf(e) } }))
      }
    },
  }
}
