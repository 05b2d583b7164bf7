import { badRequest } from '../../../shared/errors'
import type { WatchFolderConfig } from '../../config/gateway-config'
import type { Store } from '../../store/store'
import type { WatchFolder } from './watch-folders'

const SETTING = 'audio.watch_folders'

/** The watch folders: the config file's (audio.watch_folders), then those set in Settings (kept in the store). */
export function createWatchFolderList(store: Store, fromConfig: readonly WatchFolderConfig[]) {
  const configured = fromConfig.map((f): WatchFolder => ({ ...f, source: 'config' }))
  const stored = (): WatchFolder[] => (JSON.parse(store.settings.get(SETTING) ?? '[]') as WatchFolderConfig[]).map((f) => ({ ...f, source: 'admin' }))
  return {
    list: (): WatchFolder[] => [...configured, ...stored()],
    /** Replaces the folders set in Settings; a folder the config file already watches is refused. */
    setAdmin(folders: WatchFolderConfig[]): void {
      folders.forEach((f, i) => {
        if (configured.some((c) => c.path === f.path)) throw badRequest(`folders[${i}].path: "${f.path}" is watched by the config file already; change it there.`, `folders[${i}].path`, 'duplicate_folder')
        if (folders.findIndex((o) => o.path === f.path) !== i) throw badRequest(`folders[${i}].path: "${f.path}" is listed twice.`, `folders[${i}].path`, 'duplicate_folder')
      })
      store.settings.set(SETTING, JSON.stringify(folders.map(({ path, model, language, team }) => ({ path, model, ...(language ? { language } : {}), ...(team ? { team } : {}) }))))
    },
  }
}

export type WatchFolderList = ReturnType<typeof createWatchFolderList>
