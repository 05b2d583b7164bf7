import type { LimitsInfo } from '../../../shared/admin-wire'

const compact = (n: number) => (n >= 1_000_000 ? `${+(n / 1_000_000).toFixed(1)}M` : n >= 10_000 ? `${+(n / 1000).toFixed(1)}k` : String(n))

/** A row's limits in a few words: "60 rpm · 100k tpm · 10 credits per 1d", or "No limits". */
export function limitsSummary(l: Partial<LimitsInfo>): string {
  const parts = [
    l.rpm_limit ? `${compact(l.rpm_limit)} rpm` : null,
    l.tpm_limit ? `${compact(l.tpm_limit)} tpm` : null,
    l.budget ? `${l.budget.credits} credits per ${l.budget.period === 'month' ? 'month' : l.budget.period}` : null,
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : 'No limits'
}
