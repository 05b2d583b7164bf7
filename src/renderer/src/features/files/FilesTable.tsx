import { useMemo, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import type { FileObject } from '../../../../shared/admin-wire'
import { formatBytes, formatDate } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { downloadFile } from '../../lib/download'

type SortKey = 'created_at' | 'filename' | 'bytes'

/** The files of one purpose, a page at a time through the cursor API; sorted and filtered on the page. */
export function FilesTable({ onOpen }: { onOpen: (file: FileObject) => void }) {
  const files = useAppStore((s) => s.files)
  const load = useAppStore((s) => s.loadFiles)
  const next = useAppStore((s) => s.nextFilesPage)
  const previous = useAppStore((s) => s.previousFilesPage)
  const remove = useAppStore((s) => s.deleteFile)
  const fetchContent = useAppStore((s) => s.downloadFile)
  const createBatch = useAppStore((s) => s.createBatch)
  const notify = useAppStore((s) => s.notify)
  const [filter, setFilter] = useState('')
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: 'created_at', dir: -1 })
  const rows = useMemo(() => {
    const shown = files.list.filter((f) => !filter || f.filename.toLowerCase().includes(filter.toLowerCase()))
    return [...shown].sort((a, b) => (a[sort.key] < b[sort.key] ? -1 : a[sort.key] > b[sort.key] ? 1 : 0) * sort.dir)
  }, [files.list, filter, sort])
  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.dir === 1 ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="th-sort" onClick={() => setSort((s) => ({ key, dir: s.key === key ? (s.dir === 1 ? -1 : 1) : 1 }))}>
        {label}{sort.key === key ? (sort.dir === 1 ? ' ↑' : ' ↓') : ''}
      </button>
    </th>
  )

  return (
    <section className="stack" aria-labelledby="files-title">
      <div className="section-head">
        <h2 id="files-title" className="section-title">Files</h2>
        <div className="filters">
          <select className="input input-sm" aria-label="Purpose" value={files.query.purpose} onChange={(e) => void load({ purpose: e.target.value as 'batch' | 'batch_output' })}>
            <option value="batch">Batch input</option>
            <option value="batch_output">Batch output and errors</option>
          </select>
          <select className="input input-sm" aria-label="Order" value={files.query.order} onChange={(e) => void load({ order: e.target.value as 'asc' | 'desc' })}>
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </select>
          <input className="input input-sm" type="search" aria-label="Filter by name" placeholder="Filter by name" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
      </div>
      {files.status === 'error' && !files.list.length ? (
        <ErrorBanner onRetry={() => void load()}>{files.error}</ErrorBanner>
      ) : files.status !== 'ready' ? (
        <SkeletonRows rows={4} label="Loading files" />
      ) : rows.length === 0 ? (
        <EmptyState icon="files" title="No files">{filter ? 'No file on this page has that name.' : 'Batch requests read their input from a file uploaded here.'}</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Files table">
          <table className="table">
            <thead>
              <tr>{header('filename', 'File')}<th scope="col">Id</th>{header('bytes', 'Size')}{header('created_at', 'Uploaded')}<th scope="col">Expires</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id}>
                  <td>{f.filename}</td>
                  <td className="mono small">{f.id}</td>
                  <td>{formatBytes(f.bytes)}</td>
                  <td className="muted">{formatDate(f.created_at)}</td>
                  <td className="muted">{formatDate(f.expires_at ?? null)}</td>
                  <td className="row-actions">
                    {f.purpose === 'batch' && (
                      <Button size="sm" icon="play" aria-label={`Run batch from ${f.filename}`} onClick={() => createBatch(f.id).then(() => notify('Batch created', 'success'), (e: unknown) => notify(messageOf(e), 'error'))}>Run batch</Button>
                    )}
                    <Button size="sm" icon="eye" aria-label={`Open ${f.filename}`} onClick={() => onOpen(f)} />
                    <Button size="sm" icon="download" aria-label={`Download ${f.filename}`} onClick={() => fetchContent(f.id).then((b) => downloadFile(f.filename, b), (e: unknown) => notify(messageOf(e), 'error'))} />
                    <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${f.filename}`} confirmLabel={`Confirm delete ${f.filename}`} onConfirm={() => remove(f.id).catch((e: unknown) => notify(messageOf(e), 'error'))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="pager">
        <span className="small muted">Page {files.cursors.length + 1}</span>
        <Button size="sm" disabled={!files.cursors.length} onClick={() => void previous()}>Previous</Button>
        <Button size="sm" disabled={!files.hasMore} onClick={() => void next()}>Next</Button>
      </div>
      {files.status === 'ready' && files.error && <ErrorBanner>{files.error}</ErrorBanner>}
    </section>
  )
}
