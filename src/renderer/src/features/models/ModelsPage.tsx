import { Badge } from '../../components/Badge'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import type { ModelPricing } from '../../../../shared/admin-wire'
import { capabilitiesOf } from '../../lib/model-options'
import { useAppStore } from '../../stores/app-store'

const pricingText = (p: ModelPricing) => {
  const parts = [
    p.input !== undefined && `${p.input} in`,
    p.output !== undefined && `${p.output} out`,
    p.cached_input !== undefined && `${p.cached_input} cached`,
  ].filter(Boolean)
  const rows = [parts.length ? `${parts.join(' · ')} / 1M tokens` : '']
  if (p.per_second !== undefined) rows.push(`${p.per_second} / second of audio`)
  if (p.per_million_characters !== undefined) rows.push(`${p.per_million_characters} / 1M characters`)
  return rows.filter(Boolean).join('; ') || 'free'
}

/** Every model the gateway routes: where it runs, its aliases, what it can do, what it costs in credits. */
export default function ModelsPage() {
  const catalog = useAppStore((s) => s.catalog)
  const load = useAppStore((s) => s.loadCatalog)
  const providerType = new Map(catalog.providers.map((p) => [p.id, p.type]))
  return (
    <div className="page-inner">
      <PageHeader title="Models" description={<>Names and aliases go in <code>model</code>. Prices are credits per million tokens unless said otherwise. Models come from the config file or the admin API.</>} />
      {catalog.status === 'error' && <ErrorBanner onRetry={() => void load()}>{catalog.error}</ErrorBanner>}
      {catalog.status === 'loading' || catalog.status === 'idle' ? (
        <SkeletonRows rows={4} label="Loading models" />
      ) : catalog.models.length === 0 ? (
        <EmptyState icon="models" title="No models configured">Add models to the config file (see the README's config reference) and restart the gateway.</EmptyState>
      ) : (
        <table className="table">
          <thead>
            <tr><th scope="col">Model</th><th scope="col">Aliases</th><th scope="col">Provider</th><th scope="col">Runs as</th><th scope="col">Capabilities</th><th scope="col">Pricing (credits)</th></tr>
          </thead>
          <tbody>
            {catalog.models.map((m) => (
              <tr key={m.id}>
                <td><strong>{m.name}</strong>{m.source === 'config' ? null : <Badge>admin</Badge>}<div className="muted small mono" title="Model id (X-Svc-Model-Id)">{m.id}</div></td>
                <td>{m.aliases.length ? m.aliases.map((a) => <Badge key={a}>{a}</Badge>) : <span className="muted">—</span>}</td>
                <td>{m.provider} <span className="muted">({providerType.get(m.provider) ?? '?'})</span></td>
                <td className="mono small">{m.engine ? `${m.engine}${m.file ? ` · ${m.file.split(/[\\/]/).pop()}` : ''}` : m.upstream}</td>
                <td>{capabilitiesOf(m, providerType.get(m.provider)).map((c) => <Badge key={c} tone="accent">{c}</Badge>)}</td>
                <td className="small">{pricingText(m.pricing)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {catalog.agents.length > 0 && (
        <>
          <h2 className="section-title">Agents</h2>
          <table className="table">
            <thead><tr><th scope="col">Agent</th><th scope="col">Id (use as model)</th><th scope="col">Model</th><th scope="col">Tools</th></tr></thead>
            <tbody>
              {catalog.agents.map((a) => (
                <tr key={a.id}><td><strong>{a.name}</strong></td><td className="mono small">{a.id}</td><td>{a.model}</td><td>{a.tools.length || '—'}</td></tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  )
}
