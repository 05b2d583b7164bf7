import { messageOf } from '../api/api-error'
import type { UsageFilters } from '../api/usage-api'
import type { UsageRow } from '../../../shared/admin-wire'
import type { UsageBucket, UsageGroupBy, UsageStats } from '../../../shared/usage-wire'
import type { LoadStatus, SliceCreator } from './store-types'
import { newestReads } from './newest-read'
import { missingOrError } from './list-state'

export interface UsageSlice {
  usage: {
    status: LoadStatus
    error: string | null
    rows: UsageRow[]
    filters: UsageFilters
    /** Cursors of the pages before this one. */
    cursors: string[]
    nextCursor: string | null
    stats: UsageStats | null
    groupBy: UsageGroupBy
    bucket: UsageBucket
  }
  /** The log page and the charts for the filters (merged into the current ones; a changed filter starts at page 1). */
  loadUsage(filters?: UsageFilters): Promise<void>
  setUsageView(view: { groupBy?: UsageGroupBy; bucket?: UsageBucket }): Promise<void>
  nextUsagePage(): Promise<void>
  previousUsagePage(): Promise<void>
  exportUsage(): Promise<Blob>
  addCredits(amount: number, allowNegative?: boolean): Promise<void>
}

const PAGE = 50

/** The usage page: the filtered request log (cursor paging), totals and series (`/admin/usage/*`), and the credits balance. */
export const createUsageSlice: SliceCreator<UsageSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<UsageSlice['usage']>) => set((s) => ({ usage: { ...s.usage, ...p } }))
  const fail = (e: unknown) => patch({ status: missingOrError(e), error: messageOf(e) })

  // Filters, pages and views change while reads are on their way: only the newest of each is shown.
  const beginPageRead = newestReads()
  const beginStatsRead = newestReads()

  async function loadPage(cursors: string[]) {
    const isNewest = beginPageRead()
    const { filters } = get().usage
    try {
      const page = await api.usagePage(filters, { before: cursors.at(-1), limit: PAGE })
      if (isNewest()) patch({ status: 'ready', rows: page.data, cursors, nextCursor: page.next_before })
    } catch (e) {
      if (isNewest()) fail(e)
    }
  }

  async function loadStats() {
    const isNewest = beginStatsRead()
    const { filters, groupBy, bucket } = get().usage
    try {
      const stats = await api.usageStats(filters, { group_by: groupBy, bucket })
      if (isNewest()) patch({ stats })
    } catch (e) {
      if (isNewest()) fail(e)
    }
  }

  return {
    usage: { status: 'idle', error: null, rows: [], filters: {}, cursors: [], nextCursor: null, stats: null, groupBy: 'model', bucket: 'hour' },
    async loadUsage(filters) {
      if (filters) patch({ filters: { ...get().usage.filters, ...filters } })
      patch({ status: get().usage.status === 'ready' ? 'ready' : 'loading', error: null })
      await Promise.all([loadPage([]), loadStats()])
    },
    async setUsageView(view) {
      patch({ ...view })
      await loadStats()
    },
    async nextUsagePage() {
      const { nextCursor, cursors } = get().usage
      if (nextCursor) await loadPage([...cursors, nextCursor])
    },
    async previousUsagePage() {
      await loadPage(get().usage.cursors.slice(0, -1))
    },
    exportUsage: () => api.usageCsv(get().usage.filters),
    async addCredits(amount, allowNegative) {
      await api.addCredits(amount, allowNegative)
      await get().refreshStatus()
    },
  }
}
