import type { GovernanceRepo } from '../../store/repos/governance-repo'

export interface WindowCount {
  requests: number
  tokens: number
}

/**
 * The per-scope per-minute counters behind rate limits. `add` changes a window and answers its totals
 * after, atomically, so a caller can admit a request by adding first and taking it back when a total
 * passes a limit: two instances can never both take the last request.
 */
export interface RateCounter {
  add(key: string, windowStart: number, requests: number, tokens: number): WindowCount
}

/** One process owns the data dir (SQLite): counters in memory, the current minute's only. */
export function memoryRateCounter(): RateCounter {
  const windows = new Map<string, WindowCount & { windowStart: number }>()
  return {
    add(key, windowStart, requests, tokens) {
      let w = windows.get(key)
      if (!w || w.windowStart !== windowStart) {
        // A late settle of last minute's request must not reopen that window.
        if (w && w.windowStart > windowStart) return { requests: 0, tokens: 0 }
        w = { windowStart, requests: 0, tokens: 0 }
        windows.set(key, w)
      }
      w.requests += requests
      w.tokens += tokens
      return { requests: w.requests, tokens: w.tokens }
    },
  }
}

/** Instances sharing a store count in it: one upserted row per scope and minute; rows past a few minutes are swept. */
export function storeRateCounter(repo: Pick<GovernanceRepo, 'hit' | 'sweepWindows'>): RateCounter {
  let swept = 0
  return {
    add(key, windowStart, requests, tokens) {
      if (windowStart > swept) {
        swept = windowStart
        repo.sweepWindows(windowStart - 5 * 60_000)
      }
      return repo.hit(key, windowStart, requests, tokens)
    },
  }
}
