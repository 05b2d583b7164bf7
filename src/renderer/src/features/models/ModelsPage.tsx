import { useState } from 'react'
import { Button } from '../../components/Button'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, SkeletonRows } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import type { PageId } from '../../lib/use-hash-route'
import { AddProviderDialog } from './AddProviderDialog'
import { ModelDialog } from './ModelDialog'
import { ModelsSubnav } from '../../components/ModelsSubnav'
import { ModelsTable } from './ModelsTable'
import { ProvidersTable } from './ProvidersTable'

/** Providers and the models routed to them, managed through the admin API: list, add, test, edit, enable per team, delete. */
export default function ModelsPage({ onNavigate }: { onNavigate: (page: PageId) => void }) {
  const catalog = useAppStore((s) => s.catalog)
  const load = useAppStore((s) => s.loadCatalog)
  const [dialog, setDialog] = useState<'provider' | 'model' | null>(null)
  const hasUpstream = catalog.providers.some((p) => p.type !== 'local')
  return (
    <div className="page-inner">
      <PageHeader
        title="Models"
        description={<>Names and aliases go in <code>model</code>. Prices are credits per million tokens unless said otherwise. Rows from the config file are changed there; the rest here.</>}
        actions={
          <>
            <Button icon="plus" disabled={!hasUpstream} onClick={() => setDialog('model')}>Add model</Button>
            <Button variant="primary" icon="plug" onClick={() => setDialog('provider')}>Add provider</Button>
          </>
        }
      />
      <ModelsSubnav current="models" onNavigate={onNavigate} />
      {catalog.status === 'error' && <ErrorBanner onRetry={() => void load()}>{catalog.error}</ErrorBanner>}
      {catalog.status === 'loading' || catalog.status === 'idle' ? (
        <SkeletonRows rows={4} label="Loading models" />
      ) : (
        <>
          <h2 className="section-title">Providers</h2>
          {catalog.providers.length ? <ProvidersTable /> : <EmptyState icon="plug" title="No providers">Add an OpenAI-compatible API or Anthropic to route models to.</EmptyState>}
          {catalog.models.length ? (
            <ModelsTable />
          ) : (
            <EmptyState icon="models" title="No models yet" action={<Button variant="primary" onClick={() => setDialog('provider')}>Add a provider</Button>}>
              Add a provider and pick its models, or download a local model in the model manager.
            </EmptyState>
          )}
        </>
      )}
      {dialog === 'provider' && <AddProviderDialog onClose={() => setDialog(null)} />}
      {dialog === 'model' && <ModelDialog onClose={() => setDialog(null)} />}
    </div>
  )
}
