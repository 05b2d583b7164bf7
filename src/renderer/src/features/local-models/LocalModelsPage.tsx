import { useEffect, useMemo, useState } from 'react'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { Field } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, Notice, SkeletonRows } from '../../components/States'
import type { LocalModelInfo } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { formatBytes } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { ModelsSubnav } from '../../components/ModelsSubnav'
import { MODEL_NAME } from '../../lib/model-forms'
import type { PageId } from '../../lib/use-hash-route'
import { EnginePanel } from './EnginePanel'
import { HubSearch } from './HubSearch'
import { ImportModelForm } from './ImportModelForm'
import { LocalModelRow } from './LocalModelRow'

/** Known catalog kinds get a heading of their own; a new kind appears under its own name. */
const KIND_TITLE: Record<string, string> = {
  llama: 'Chat (llama.cpp)',
  chat: 'Chat (llama.cpp)',
  whisper: 'Speech to text (whisper.cpp)',
  vad: 'Voice activity detection (helps whisper with long audio)',
  embedding: 'Embeddings',
}
const KIND_ORDER = ['llama', 'chat', 'whisper', 'vad', 'embedding']
const kindTitle = (kind: string) => KIND_TITLE[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1)

/** The local model manager: the catalog by kind, sizes, downloads with live progress, pause/resume/cancel, import, delete. */
export default function LocalModelsPage({ onNavigate }: { onNavigate: (page: PageId) => void }) {
  const state = useAppStore((s) => s.localModels)
  const load = useAppStore((s) => s.loadLocalModels)
  const follow = useAppStore((s) => s.followLocalModels)
  const [using, setUsing] = useState<LocalModelInfo | null>(null)
  useEffect(() => {
    void load()
    return follow()
  }, [load, follow])

  const groups = useMemo(() => {
    const kinds = [...new Set(state.list.map((m) => m.kind))].sort((a, b) => (KIND_ORDER.indexOf(a) + 1 || 99) - (KIND_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b))
    return kinds.map((kind) => ({ kind, models: state.list.filter((m) => m.kind === kind) }))
  }, [state.list])
  const installed = state.list.filter((m) => m.installed)
  const disk = installed.reduce((n, m) => n + (m.installed?.sizeBytes ?? 0), 0)

  return (
    <div className="page-inner">
      <PageHeader title="Model manager" description="Models that run on this machine, offline: find any GGUF on Hugging Face and pick the quantization that fits, download them (a paused download resumes where it stopped), import a file you have, delete what you no longer need." />
      <ModelsSubnav current="local-models" onNavigate={onNavigate} />
      {state.status === 'missing' ? (
        <Notice>This gateway has no local model manager (<code>/admin/local-models</code>).</Notice>
      ) : state.status === 'error' && !state.list.length ? (
        <ErrorBanner onRetry={() => void load()}>{state.error}</ErrorBanner>
      ) : state.status !== 'ready' && !state.list.length ? (
        <SkeletonRows rows={4} label="Loading local models" />
      ) : (
        <>
          <p className="muted" data-testid="local-disk-use">{installed.length} installed, {formatBytes(disk)} on disk.</p>
          <EnginePanel />
          <HubSearch />
          {!groups.length && <EmptyState icon="local" title="The catalog is empty">Import a model file below.</EmptyState>}
          {groups.map((g) => (
            <section key={g.kind} className="stack" aria-labelledby={`kind-${g.kind}`}>
              <h2 id={`kind-${g.kind}`} className="section-title">{kindTitle(g.kind)}</h2>
              <div className="table-wrap" tabIndex={0} role="region" aria-label={`${kindTitle(g.kind)} models`}>
                <table className="table table-cards">
                  <thead><tr><th scope="col">Model</th><th scope="col">Size</th><th scope="col">State</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
                  <tbody>{g.models.map((m) => <LocalModelRow key={m.name} model={m} onUse={setUsing} />)}</tbody>
                </table>
              </div>
            </section>
          ))}
          <ImportModelForm />
        </>
      )}
      {using && <UseAsModelDialog local={using} onClose={() => setUsing(null)} />}
    </div>
  )
}

/** Names the model row that makes an installed local model callable. */
function UseAsModelDialog({ local, onClose }: { local: LocalModelInfo; onClose: () => void }) {
  const addAsModel = useAppStore((s) => s.addLocalModelAsModel)
  const notify = useAppStore((s) => s.notify)
  const [name, setName] = useState(local.kind === 'whisper' ? `whisper-${local.name}` : local.name)
  const [error, setError] = useState<string>()
  const nameError = MODEL_NAME.test(name) ? undefined : 'Letters, digits and . _ : / -'
  const save = async () => {
    try {
      await addAsModel(local, name)
      notify(`Model ${name} added`, 'success')
      onClose()
    } catch (e) {
      setError(messageOf(e))
    }
  }
  return (
    <Dialog title={`Use ${local.name} as a model`} onClose={onClose} footer={<><Button variant="ghost" onClick={onClose}>Cancel</Button><Button variant="primary" disabled={!!nameError} onClick={() => void save()}>Add model</Button></>}>
      <Field label="Model name" hint="What clients put in model." error={nameError ?? error}>
        {(control) => <input {...control} className="input mono" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
    </Dialog>
  )
}
