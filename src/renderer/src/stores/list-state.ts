import { messageOf } from '../api/api-error'
import type { LoadStatus } from './store-types'

/** A list a page shows: its rows, and whether they are loading, ready or failed (and why). */
export interface ListState<T> {
  status: LoadStatus
  error: string | null
  list: T[]
}

export const idleList = <T>(): ListState<T> => ({ status: 'idle', error: null, list: [] })

/** Loads a list into its state; rows already shown stay in view while they reload. */
export async function loadList<T>(state: () => ListState<T>, patch: (p: Partial<ListState<T>>) => void, fetch: () => Promise<T[]>): Promise<void> {
  patch({ status: state().status === 'ready' ? 'ready' : 'loading', error: null })
  try {
    patch({ status: 'ready', list: await fetch() })
  } catch (e) {
    patch({ status: 'error', error: messageOf(e) })
  }
}
