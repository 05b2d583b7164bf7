import { ApiError, messageOf } from '../api/api-error'
import { newestReads } from './newest-read'
import type { LoadStatus } from './store-types'

/** A list a page shows: its rows, and whether they are loading, ready or failed (and why). */
export interface ListState<T> {
  status: LoadStatus
  error: string | null
  list: T[]
}

export const idleList = <T>(): ListState<T> => ({ status: 'idle', error: null, list: [] })

/** What a failed read means: 'missing' when the gateway has no such endpoint (an older or smaller one), 'error' otherwise. */
export const missingOrError = (e: unknown): LoadStatus => (e instanceof ApiError && e.isMissingEndpoint ? 'missing' : 'error')

/**
 * The loader of one list: rows already shown stay in view while they reload, and only the newest read is shown.
 * `failedStatus` says what a failure is (e.g. 'missing' for a gateway without the endpoint); 'error' otherwise.
 * `beginRead` is given by a slice that also shows changes at once, and begins a read to hide older ones.
 */
export function listLoader<T>(
  state: () => ListState<T>,
  patch: (p: Partial<ListState<T>>) => void,
  fetch: () => Promise<T[]>,
  failedStatus: (e: unknown) => LoadStatus = () => 'error',
  beginRead: () => () => boolean = newestReads(),
): () => Promise<void> {
  return async () => {
    const isNewest = beginRead()
    patch({ status: state().status === 'ready' ? 'ready' : 'loading', error: null })
    try {
      const list = await fetch()
      if (isNewest()) patch({ status: 'ready', list })
    } catch (e) {
      if (isNewest()) patch({ status: failedStatus(e), error: messageOf(e) })
    }
  }
}
