import { ApiError, messageOf } from '../api/api-error'
import type { UsageRow } from '../../../shared/admin-wire'
import type { LoadStatus, SliceCreator } from './store-types'

export interface UsageSlice {
  usage: { status: LoadStatus; error: string | null; rows: UsageRow[]; model: string }
  loadUsage(model?: string): Promise<void>
  addCredits(amount: number): Promise<void>
}

/** The usage log (`GET /admin/usage`) and the credits balance. */
export const createUsageSlice: SliceCreator<UsageSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<UsageSlice['usage']>) => set((s) => ({ usage: { ...s.usage, ...p } }))
  return {
    usage: { status: 'idle', error: null, rows: [], model: '' },
    async loadUsage(model = get().usage.model) {
      patch({ model, status: get().usage.status === 'ready' ? 'ready' : 'loading', error: null })
      try {
        patch({ status: 'ready', rows: await api.usage({ limit: 200, model: model || undefined }) })
      } catch (e) {
        patch({ status: e instanceof ApiError && e.isMissingEndpoint ? 'missing' : 'error', error: messageOf(e) })
      }
    },
    async addCredits(amount) {
      await api.addCredits(amount)
      await get().refreshStatus()
    },
  }
}
