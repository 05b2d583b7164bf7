import { useCallback, useEffect, useState } from 'react'
import type { AuditEntry } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { ErrorBanner } from '../../components/States'
import { downloadFile } from '../../lib/download'
import { useAppStore } from '../../stores/app-store'

const PAGE = 25
const KINDS = ['teams', 'users', 'keys', 'models', 'providers', 'agents', 'credits', 'tools', 'oauth-clients', 'local-models', 'collections']

/** What changed, as JSON, with secrets already replaced by the gateway. */
const change = (e: AuditEntry) => JSON.stringify({ before: e.before, after: e.after })

/** Every admin change (who, when, what, before and after), newest first, filtered by what changed, paged, exported as CSV or JSON Lines. */
export function AuditLogSection() {
  const fetchAudit = useAppStore((s) => s.fetchAudit)
  const exportAudit = useAppStore((s) => s.exportAudit)
  const notify = useAppStore((s) => s.notify)
  const [kind, setKind] = useState('')
  const [entries, setEntries] = useState<AuditEntry[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(
    (after?: string) =>
      fetchAudit({ target_kind: kind || undefined }, { after, limit: PAGE }).then(
        (page) => {
          setEntries((old) => (after ? [...old, ...page.data] : page.data))
          setHasMore(page.has_more)
          setError(null)
        },
        (e: unknown) => setError(messageOf(e)),
      ),
    [fetchAudit, kind],
  )
  useEffect(() => void load(), [load])
  const download = (format: 'csv' | 'jsonl') =>
    exportAudit({ target_kind: kind || undefined }, format).then((b) => downloadFile(`gatehouse-audit-${new Date().toISOString().slice(0, 10)}.${format}`, b), (e: unknown) => notify(messageOf(e), 'error'))

  return (
    <section className="settings-section" aria-labelledby="audit-title">
      <h2 className="section-title" id="audit-title">Audit log</h2>
      <p className="muted">Every change made through the admin API or this app: who made it (the admin token or a browser session), when, and the object before and after. Keys and secrets are never kept.</p>
      <div className="filters">
        <select className="input input-sm" aria-label="What changed" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">Every change</option>
          {KINDS.map((k) => <option key={k} value={k}>{k}</option>)}
        </select>
        <Button size="sm" icon="download" onClick={() => void download('csv')}>Export CSV</Button>
        <Button size="sm" icon="download" onClick={() => void download('jsonl')}>Export JSONL</Button>
      </div>
      {error && <ErrorBanner onRetry={() => void load()}>{error}</ErrorBanner>}
      {entries.length === 0 && !error ? (
        <p className="muted">No changes recorded yet.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Audit log entries">
          <table className="table table-cards">
            <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Change</th><th scope="col">Before and after</th></tr></thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td data-label="When" className="small">{new Date(e.at).toLocaleString()}</td>
                  <td data-label="Who" className="small">{e.actor}</td>
                  <td data-label="Change">{e.action} {e.target_kind}{e.target_id ? <code className="small"> {e.target_id}</code> : null}</td>
                  <td data-label="Before and after"><code className="small audit-change">{change(e)}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && <Button size="sm" onClick={() => void load(entries.at(-1)?.id)}>Show older changes</Button>}
    </section>
  )
}
