import { Fragment, useState } from 'react'
import { Button } from '../../components/Button'
import { EmptyState, ErrorBanner, Notice, SkeletonRows } from '../../components/States'
import { formatCredits, formatDate, formatMs } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'

/** The request log, newest first, a page at a time; a row opens to show every attempt and the error of a failed one. */
export function UsageLog() {
  const usage = useAppStore((s) => s.usage)
  const load = useAppStore((s) => s.loadUsage)
  const next = useAppStore((s) => s.nextUsagePage)
  const previous = useAppStore((s) => s.previousUsagePage)
  const [open, setOpen] = useState<string | null>(null)

  if (usage.status === 'missing') return <Notice>This gateway has no usage log endpoint yet (<code>GET /admin/usage/query</code>); the balance above is live.</Notice>
  if (usage.status === 'error' && !usage.rows.length) return <ErrorBanner onRetry={() => void load()}>{usage.error}</ErrorBanner>
  if (usage.status !== 'ready') return <SkeletonRows rows={6} label="Loading usage" />
  return (
    <>
      {usage.rows.length === 0 ? (
        <EmptyState icon="usage" title="Nothing here">{Object.keys(usage.filters).length ? 'No request matches these filters.' : 'Requests appear here as they are made.'}</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Usage log">
          <table className="table">
            <thead><tr><th scope="col">When</th><th scope="col">Endpoint</th><th scope="col">Model</th><th scope="col">Agent</th><th scope="col">Status</th><th scope="col">Tokens</th><th scope="col">Latency</th><th scope="col">Credits</th><th scope="col"><span className="visually-hidden">Details</span></th></tr></thead>
            <tbody>
              {usage.rows.map((r) => (
                <Fragment key={r.id}>
                  <tr>
                    <td className="muted">{formatDate(r.created_at)}</td>
                    <td className="mono small">{r.endpoint}</td>
                    <td>{r.model ?? r.requested_model ?? '—'}</td>
                    <td>{r.agent ?? <span className="muted">—</span>}</td>
                    <td><span className={`badge ${r.status >= 400 ? 'badge-danger' : 'badge-ok'}`}>{r.status}</span></td>
                    <td className="mono small">{r.prompt_tokens} → {r.completion_tokens}</td>
                    <td>{formatMs(r.latency_ms)}</td>
                    <td>{formatCredits(r.credits)}</td>
                    <td className="row-actions">
                      <Button size="sm" variant="ghost" aria-expanded={open === r.id} aria-label={`${r.attempts.length} ${r.attempts.length === 1 ? 'attempt' : 'attempts'} of ${r.id}`} onClick={() => setOpen(open === r.id ? null : r.id)}>{r.attempts.length} {r.attempts.length === 1 ? 'attempt' : 'attempts'}</Button>
                    </td>
                  </tr>
                  {open === r.id && (
                    <tr>
                      <td colSpan={9}>
                        <span className="mono small">{r.id}</span>
                        {r.error && <p className="cell-error">{r.error}</p>}
                        <ol className="attempts">
                          {r.attempts.map((a, i) => (
                            <li key={i}>{a.model} · {a.status} · {formatMs(a.latency_ms)}{a.error ? ` · ${a.error}` : ''}</li>
                          ))}
                        </ol>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="pager">
        <span className="small muted">Page {usage.cursors.length + 1}</span>
        <Button size="sm" disabled={!usage.cursors.length} onClick={() => void previous()}>Previous</Button>
        <Button size="sm" disabled={!usage.nextCursor} onClick={() => void next()}>Next</Button>
      </div>
    </>
  )
}
