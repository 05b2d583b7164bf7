import { useEffect, useMemo, useRef, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { Field } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, Notice, SkeletonRows } from '../../components/States'
import { formatDate } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { CollectionDocuments } from './CollectionDocuments'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** RAG collections for the `rag` tool: create one (with an embedding model for vector search), fill it, delete it. */
export default function CollectionsPage() {
  const collections = useAppStore((s) => s.collections)
  const load = useAppStore((s) => s.loadCollections)
  const create = useAppStore((s) => s.createCollection)
  const remove = useAppStore((s) => s.deleteCollection)
  const notify = useAppStore((s) => s.notify)
  const models = useAppStore((s) => s.catalog.models)
  const embeddingModels = useMemo(() => models.filter((m) => m.kind === 'embedding'), [models])
  const loadCatalog = useAppStore((s) => s.loadCatalog)
  const [open, setOpen] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [model, setModel] = useState('')
  const [error, setError] = useState<string>()
  const nameInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    void load()
    void loadCatalog()
  }, [load, loadCatalog])

  async function onCreate() {
    setError(undefined)
    try {
      const made = await create({ name: name.trim(), ...(model ? { embedding_model: model } : {}) })
      setName('')
      setOpen(made.id)
    } catch (e) {
      setError(messageOf(e))
    }
  }

  return (
    <div className="page-inner">
      <PageHeader title="Collections" description={<>Documents the <code>rag</code> tool searches: text, Markdown, HTML and PDF, chunked and indexed for full-text search, and for vector search when the collection has an embedding model.</>} />
      <form className="inline-form" onSubmit={(e) => (e.preventDefault(), name.trim() && void onCreate())}>
        <Field label="New collection" error={error}>
          {(control) => <input {...control} ref={nameInput} className="input input-sm" placeholder="Name, e.g. handbook" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Embedding model" hint={embeddingModels.length ? 'optional: adds vector search' : 'no embedding model configured: full-text search only'}>
          {(control) => (
            <select {...control} className="input input-sm" value={model} onChange={(e) => setModel(e.target.value)} disabled={!embeddingModels.length}>
              <option value="">None (full-text search)</option>
              {embeddingModels.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
            </select>
          )}
        </Field>
        <Button type="submit" size="sm" variant="primary" icon="plus" disabled={!name.trim()}>Create</Button>
      </form>
      {collections.status === 'missing' ? (
        <Notice>This gateway has no collections API (<code>/admin/collections</code>).</Notice>
      ) : collections.status === 'error' && !collections.list.length ? (
        <ErrorBanner onRetry={() => void load()}>{collections.error}</ErrorBanner>
      ) : collections.status !== 'ready' ? (
        <SkeletonRows rows={3} label="Loading collections" />
      ) : collections.list.length === 0 ? (
        <EmptyState icon="search" title="No collections" action={<Button onClick={() => nameInput.current?.focus()}>Name your first collection</Button>}>A chat request with the rag tool and a collection's id searches it and cites what it used.</EmptyState>
      ) : (
        <ul className="collection-list" aria-label="Collections">
          {collections.list.map((c) => (
            <li key={c.id} className="collection-card">
              <div className="collection-head">
                <button type="button" className="link-button" aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
                  <strong>{c.name}</strong>
                </button>
                <span className="muted small">
                  {plural(c.document_count, 'document')} · {plural(c.chunk_count, 'chunk')} · {c.embedding_model ? `vectors by ${c.embedding_model}` : 'full text only'} · updated {formatDate(c.updated_at)}
                </span>
                <span className="mono small">{c.id}</span>
                <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete collection ${c.name}`} confirmLabel={`Confirm delete ${c.name} and its documents`} onConfirm={() => remove(c.id).catch((e: unknown) => notify(messageOf(e), 'error'))} />
              </div>
              {open === c.id && <CollectionDocuments collection={c} />}
            </li>
          ))}
        </ul>
      )}
      {collections.status === 'ready' && collections.error && <ErrorBanner>{collections.error}</ErrorBanner>}
    </div>
  )
}
