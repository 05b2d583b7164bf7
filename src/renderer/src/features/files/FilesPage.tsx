import { useEffect, useRef } from 'react'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, Notice, SkeletonRows } from '../../components/States'
import { messageOf } from '../../api/api-error'
import { formatBytes, formatDate } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { downloadFile } from '../playground/download'

/** Batch input files (`/v1/files`): list, upload, download, delete. */
export default function FilesPage() {
  const files = useAppStore((s) => s.files)
  const load = useAppStore((s) => s.loadFiles)
  const upload = useAppStore((s) => s.uploadFile)
  const remove = useAppStore((s) => s.deleteFile)
  const fetchContent = useAppStore((s) => s.downloadFile)
  const notify = useAppStore((s) => s.notify)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => void load(), [load])

  return (
    <div className="page-inner">
      <PageHeader
        title="Files"
        description="Files uploaded for batch processing (purpose batch), as the playground's team sees them."
        actions={
          <>
            <input ref={input} type="file" accept=".jsonl,application/jsonl,application/json" hidden onChange={(e) => (e.target.files?.[0] && void upload(e.target.files[0]), (e.target.value = ''))} />
            <Button variant="primary" icon="plus" disabled={files.status === 'missing' || files.busy} onClick={() => input.current?.click()}>{files.busy ? 'Uploading…' : 'Upload'}</Button>
          </>
        }
      />
      {files.status === 'missing' ? (
        <Notice>This gateway has no file endpoints yet (<code>/v1/files</code>). They come with batch support.</Notice>
      ) : files.status === 'error' && !files.list.length ? (
        <ErrorBanner onRetry={() => void load()}>{files.error}</ErrorBanner>
      ) : files.status !== 'ready' ? (
        <SkeletonRows rows={4} label="Loading files" />
      ) : files.list.length === 0 ? (
        <EmptyState icon="files" title="No files" action={<Button onClick={() => input.current?.click()}>Upload a JSONL file</Button>}>Batch requests read their input from a file uploaded here.</EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Files table">
          <table className="table">
            <thead><tr><th scope="col">File</th><th scope="col">Id</th><th scope="col">Size</th><th scope="col">Uploaded</th><th scope="col">Expires</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {files.list.map((f) => (
                <tr key={f.id}>
                  <td>{f.filename}</td>
                  <td className="mono small">{f.id}</td>
                  <td>{formatBytes(f.bytes)}</td>
                  <td className="muted">{formatDate(f.created_at)}</td>
                  <td className="muted">{formatDate(f.expires_at ?? null)}</td>
                  <td className="row-actions">
                    <Button size="sm" icon="download" aria-label={`Download ${f.filename}`} onClick={() => fetchContent(f.id).then((b) => downloadFile(f.filename, b), (e: unknown) => notify(messageOf(e), 'error'))} />
                    <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${f.filename}`} confirmLabel={`Confirm delete ${f.filename}`} onConfirm={() => remove(f.id).catch((e: unknown) => notify(messageOf(e), 'error'))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {files.status === 'ready' && files.error && <ErrorBanner>{files.error}</ErrorBanner>}
    </div>
  )
}
