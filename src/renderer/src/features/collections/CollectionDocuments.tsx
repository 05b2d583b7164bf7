import { useEffect, useRef } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { formatBytes, formatDate } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import type { CollectionInfo } from '../../../../shared/tools-wire'

const ACCEPT = '.txt,.md,.markdown,.html,.htm,.pdf,text/plain,text/markdown,text/html,application/pdf'

/** The documents of one collection: upload (several at once), list, delete. */
export function CollectionDocuments({ collection }: { collection: CollectionInfo }) {
  const docs = useAppStore((s) => s.collections.documents[collection.id])
  const busy = useAppStore((s) => s.collections.busy)
  const loadDocuments = useAppStore((s) => s.loadDocuments)
  const upload = useAppStore((s) => s.uploadDocuments)
  const remove = useAppStore((s) => s.deleteDocument)
  const notify = useAppStore((s) => s.notify)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => void loadDocuments(collection.id).catch((e: unknown) => notify(messageOf(e), 'error')), [collection.id, loadDocuments, notify])

  return (
    <div className="collection-docs">
      <input ref={input} type="file" multiple accept={ACCEPT} hidden aria-label={`Documents for ${collection.name}`} onChange={(e) => (e.target.files?.length && void upload(collection.id, [...e.target.files]), (e.target.value = ''))} />
      <Button size="sm" icon="plus" disabled={busy} onClick={() => input.current?.click()}>{busy ? 'Indexing…' : 'Upload documents'}</Button>
      {!docs ? null : docs.length === 0 ? (
        <p className="muted">No documents yet: upload text, Markdown, HTML or PDF files.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={`Documents of ${collection.name}`}>
          <table className="table">
            <thead><tr><th scope="col">Document</th><th scope="col">Kind</th><th scope="col">Size</th><th scope="col">Chunks</th><th scope="col">Added</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {docs.map((d) => (
                <tr key={d.id}>
                  <td>{d.name}</td>
                  <td>{d.format}</td>
                  <td>{formatBytes(d.bytes)}</td>
                  <td>{d.chunks}</td>
                  <td className="muted">{formatDate(d.created_at)}</td>
                  <td className="row-actions">
                    <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${d.name}`} confirmLabel={`Confirm delete ${d.name}`} onConfirm={() => remove(collection.id, d.id).catch((e: unknown) => notify(messageOf(e), 'error'))} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
