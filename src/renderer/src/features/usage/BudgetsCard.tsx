import { useEffect, useState } from 'react'
import type { BudgetInfo } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { ErrorBanner } from '../../components/States'
import { formatCredits } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

const SCOPE = { team: 'Team', user: 'User', key: 'Key' } as const

/** Each renewing budget (team, user, key) against what its current period has spent, and when it renews. */
export function BudgetsCard() {
  const fetchBudgets = useAppStore((s) => s.fetchBudgets)
  const [budgets, setBudgets] = useState<BudgetInfo[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => void fetchBudgets().then(setBudgets, (e: unknown) => setError(messageOf(e))), [fetchBudgets])
  if (error) return <ErrorBanner>{error}</ErrorBanner>
  if (!budgets?.length) return null
  return (
    <section className="stack" aria-labelledby="budgets-title">
      <h2 id="budgets-title" className="section-title">Budgets</h2>
      <ul className="stack" aria-label="Budgets">
        {budgets.map((b) => {
          const share = Math.min(1, b.spent / b.credits)
          return (
            <li key={`${b.scope}:${b.id}`} className="card">
              <div>
                <strong>{SCOPE[b.scope]} {b.name}</strong>{' '}
                <span className="small muted">{formatCredits(b.spent)} of {formatCredits(b.credits)} credits this {b.period === 'month' ? 'month' : `${b.period} period`}; renews {new Date(b.renews_at).toLocaleString()}</span>
              </div>
              <meter min={0} max={1} high={0.9} value={share} aria-label={`${SCOPE[b.scope]} ${b.name}: ${Math.round(share * 100)}% of the budget spent`} />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
