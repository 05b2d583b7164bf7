import { useEffect, useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, Notice, SkeletonRows } from '../../components/States'
import { messageOf } from '../../api/api-error'
import { formatBalance, formatCredits, formatDate, formatMs } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

/** Credits balance (with a top-up) and the usage log, newest first. */
export default function UsagePage() {
  const status = useAppStore((s) => s.status)
  const usage = useAppStore((s) => s.usage)
  const models = useAppStore((s) => s.catalog.models)
  const load = useAppStore((s) => s.loadUsage)
  const addCredits = useAppStore((s) => s.addCredits)
  const notify = useAppStore((s) => s.notify)
  const [amount, setAmount] = useState('')
  useEffect(() => void load(), [load])
  const n = Number(amount)
  const amountError = amount && (!Number.isFinite(n) || n === 0) ? 'A non-zero number of credits.' : undefined

  return (
    <div className="page-inner">
      <PageHeader title="Usage" description="What was spent, by whom and on which model." />
      <div className="cards">
        <section className="card">
          <h2 className="card-label">Credits balance</h2>
          <p className="card-value" data-testid="usage-balance">{formatBalance(status?.credits.balance)}</p>
          <form className="inline-form" onSubmit={(e) => {
            e.preventDefault()
            if (amountError || !amount) return
            addCredits(n).then(() => (setAmount(''), notify('Credits added', 'success')), (err: unknown) => notify(messageOf(err), 'error'))
          }}>
            <Field label="Add credits" hint="negative takes credits back" error={amountError}>
              {(control) => <input {...control} className="input input-sm mono" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
            </Field>
            <Button type="submit" size="sm" disabled={!amount || !!amountError}>Add</Button>
          </form>
        </section>
      </div>
      <div className="section-head">
        <h2 className="section-title">Usage log</h2>
        <select className="input input-sm" aria-label="Filter by model" value={usage.model} onChange={(e) => void load(e.target.value)}>
          <option value="">All models</option>
          {models.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
        </select>
      </div>
      {usage.status === 'missing' ? (
        <Notice>This gateway has no usage log endpoint yet (<code>GET /admin/usage</code>); the balance above is live.</Notice>
      ) : usage.status === 'error' ? (
        <ErrorBanner onRetry={() => void load()}>{usage.error}</ErrorBanner>
      ) : usage.status !== 'ready' ? (
        <SkeletonRows rows={6} label="Loading usage" />
      ) : usage.rows.length === 0 ? (
        <EmptyState icon="usage" title="Nothing used yet">Requests appear here as they are made.</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Usage log">
          <table className="table">
            <thead><tr><th scope="col">When</th><th scope="col">Endpoint</th><th scope="col">Model</th><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">Tokens</th><th scope="col">Latency</th><th scope="col">Credits</th></tr></thead>
            <tbody>
              {usage.rows.map((r) => (
                <tr key={r.id}>
                  <td className="muted">{formatDate(r.created_at)}</td>
                  <td className="mono small">{r.endpoint ?? '—'}</td>
                  <td>{r.model ?? r.requested_model ?? '—'}</td>
                  <td>{r.agent ?? <span className="muted">—</span>}</td>
                  <td>{r.status ?? '—'}</td>
                  <td className="mono small">{r.prompt_tokens ?? 0} → {r.completion_tokens ?? 0}</td>
                  <td>{formatMs(r.latency_ms)}</td>
                  <td>{formatCredits(typeof r.credits === 'number' ? r.credits : null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
