import { useState } from 'react'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import type { ProviderInfo, ProviderProbe } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { useAppStore } from '../../stores/app-store'
import { EditProviderDialog } from './EditProviderDialog'
import { ProbeResult } from './ProbeResult'

const TYPE_LABEL = { openai: 'OpenAI-compatible', anthropic: 'Anthropic', local: 'this machine' } as const

/** Providers with their URL, whether a key is set, their models; test, edit, delete (rows from the config are changed in the file). */
export function ProvidersTable() {
  const providers = useAppStore((s) => s.catalog.providers)
  const models = useAppStore((s) => s.catalog.models)
  const probe = useAppStore((s) => s.probeProvider)
  const remove = useAppStore((s) => s.deleteProvider)
  const notify = useAppStore((s) => s.notify)
  const [results, setResults] = useState<Record<string, ProviderProbe | 'testing'>>({})
  const [editing, setEditing] = useState<ProviderInfo | null>(null)
  const test = async (id: string) => {
    setResults((r) => ({ ...r, [id]: 'testing' }))
    const result = await probe(id).catch((e: unknown): ProviderProbe => ({ ok: false, status: null, latency_ms: 0, error: messageOf(e), models: [] }))
    setResults((r) => ({ ...r, [id]: result }))
  }
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Providers table">
      <table className="table table-cards">
        <thead>
          <tr><th scope="col">Provider</th><th scope="col">URL</th><th scope="col">Key</th><th scope="col">Models</th><th scope="col">Connection</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {providers.map((p) => {
            const count = models.filter((m) => m.provider === p.id).length
            const fromConfig = p.source === 'config'
            return (
              <tr key={p.id}>
                <td data-label="Provider"><strong>{p.id}</strong> <Badge>{TYPE_LABEL[p.type]}</Badge>{fromConfig && <Badge title="Defined in the config file; change it there">config</Badge>}</td>
                <td data-label="URL" className="mono small cell-url">{p.type === 'local' ? '—' : (p.base_url ?? 'default')}</td>
                <td data-label="Key">{p.type === 'local' ? '—' : p.has_api_key ? <Badge tone="ok">set</Badge> : <Badge tone="warn">none</Badge>}</td>
                <td data-label="Models">{count}</td>
                <td data-label="Connection" className="small">{p.type === 'local' ? <span className="muted">offline engines</span> : <ProbeResult probe={results[p.id] ?? null} />}</td>
                <td className="row-actions">
                  {p.type !== 'local' && <Button size="sm" icon="plug" disabled={results[p.id] === 'testing'} aria-label={`Test ${p.id}`} onClick={() => void test(p.id)}>Test</Button>}
                  {!fromConfig && (
                    <>
                      {p.type !== 'local' && <Button size="sm" icon="edit" aria-label={`Edit ${p.id}`} onClick={() => setEditing(p)} />}
                      <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${p.id}`} confirmLabel={count ? `Delete ${p.id} and its ${count} models` : `Confirm delete ${p.id}`} onConfirm={() => remove(p.id).then(() => notify(`Provider ${p.id} deleted`, 'success'), (e: unknown) => notify(messageOf(e), 'error'))} />
                    </>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {editing && <EditProviderDialog provider={editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
