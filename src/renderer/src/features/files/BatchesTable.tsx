import { useEffect } from 'react'
import { messageOf } from '../../api/api-error'
import type { BatchObject } from '../../api/batches-api'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import { formatDate } from '../../lib/format'
import { activeBatches } from '../../stores/files-slice'
import { useAppStore } from '../../stores/app-store'

const POLL_MS = 1500
const TONE: Record<BatchObject['status'], string> = { validating: 'badge-accent', in_progress: 'badge-accent', finalizing: 'badge-accent', completed: 'badge-ok', failed: 'badge-danger', expired: 'badge-warn', cancelling: 'badge-warn', cancelled: 'badge-warn' }

/** Batches, newest first, with live progress while any is running; cancel, and open their output and error files. */
export function BatchesTable({ onOpenFile }: { onOpenFile: (id: string, name: string) => void }) {
  const batches = useAppStore((s) => s.batches)
  const load = useAppStore((s) => s.loadBatches)
  const cancel = useAppStore((s) => s.cancelBatch)
  const notify = useAppStore((s) => s.notify)
  const running = activeBatches(batches.list).length > 0
  useEffect(() => void load(), [load])
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => void load(), POLL_MS)
    return () => clearInterval(timer)
  }, [running, load])

  return (
    <section className="stack" aria-labelledby="batches-title">
      <div className="section-head">
        <h2 id="batches-title" className="section-title">Batches</h2>
        {running && <span className="small muted">Updating live…</span>}
      </div>
      {batches.status === 'error' && !batches.list.length ? (
        <ErrorBanner onRetry={() => void load()}>{batches.error}</ErrorBanner>
      ) : batches.status !== 'ready' ? (
        <SkeletonRows rows={2} label="Loading batches" />
      ) : batches.list.length === 0 ? (
        <EmptyState icon="files" title="No batches">Run an uploaded file as a batch with its “Run batch” button.</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Batches table">
          <table className="table">
            <thead><tr><th scope="col">Batch</th><th scope="col">Status</th><th scope="col">Progress</th><th scope="col">Created</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {batches.list.map((b) => {
                const { total, completed, failed } = b.request_counts
                const done = completed + failed
                return (
                  <tr key={b.id}>
                    <td className="mono small">{b.id}</td>
                    <td>
                      <span className={`badge ${TONE[b.status]}`}>{b.status.replace('_', ' ')}</span>
                      {b.errors?.data[0] && <div className="cell-error">{b.errors.data[0].message}</div>}
                    </td>
                    <td className="cell-state">
                      <progress max={total || 1} value={done} aria-label={`Progress of ${b.id}`} />
                      <span className="small muted"> {done} / {total}{failed ? ` · ${failed} failed` : ''}</span>
                    </td>
                    <td className="muted">{formatDate(b.created_at)}</td>
                    <td className="row-actions">
                      {b.output_file_id && <Button size="sm" aria-label={`Open the output of ${b.id}`} onClick={() => onOpenFile(b.output_file_id!, `${b.id}_output.jsonl`)}>Output</Button>}
                      {b.error_file_id && <Button size="sm" aria-label={`Open the errors of ${b.id}`} onClick={() => onOpenFile(b.error_file_id!, `${b.id}_error.jsonl`)}>Errors</Button>}
                      {['validating', 'in_progress'].includes(b.status) && (
                        <ConfirmButton size="sm" variant="ghost" aria-label={`Cancel ${b.id}`} confirmLabel={`Confirm cancel ${b.id}`} onConfirm={() => cancel(b.id).catch((e: unknown) => notify(messageOf(e), 'error'))}>Cancel</ConfirmButton>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
