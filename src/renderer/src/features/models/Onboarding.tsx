import { lazy, Suspense, useState } from 'react'
import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import { useAppStore } from '../../stores/app-store'
import type { PageId } from '../../lib/use-hash-route'

// Loaded when opened: the first page stays small.
const AddProviderDialog = lazy(() => import('./AddProviderDialog').then((m) => ({ default: m.AddProviderDialog })))

/**
 * What the playground shows while there is no chat model the team may call: says so, and offers the
 * ways forward, none of which needs the config file.
 */
export function Onboarding({ onNavigate }: { onNavigate: (page: PageId) => void }) {
  const teams = useAppStore((s) => s.catalog.teams)
  const teamId = useAppStore((s) => s.access.teamId)
  const chatModels = useAppStore((s) => s.catalog.models.filter((m) => m.kind === 'chat').length)
  const [adding, setAdding] = useState(false)
  const team = teams.find((t) => t.id === teamId) ?? teams.find((t) => t.name === 'default') ?? teams[0]
  return (
    <div className="onboarding" data-testid="onboarding">
      <div className="onboarding-inner">
        <h1 className="onboarding-title">No chat model to talk to yet</h1>
        <p className="muted">
          {chatModels
            ? `This gateway has ${chatModels} chat model${chatModels > 1 ? 's' : ''}, but team ${team?.name ?? ''} may call none of them: enable one on the Models page, or add another.`
            : 'This gateway has no chat model yet, so the playground (and every client) has nothing to send to. Two ways to get one:'}
        </p>
        <div className="onboarding-choices">
          <section className="card onboarding-card" aria-labelledby="onb-provider">
            <span className="empty-icon" aria-hidden="true"><Icon name="plug" size={20} /></span>
            <h2 id="onb-provider" className="section-title">Connect a provider</h2>
            <p className="muted small">An OpenAI-compatible API (OpenAI, Groq, Mistral, OpenRouter, Ollama, LM Studio…) or Anthropic: its URL and key, a live test, then pick models from its list and set their prices.</p>
            <Button variant="primary" icon="plus" onClick={() => setAdding(true)}>Add a provider</Button>
          </section>
          <section className="card onboarding-card" aria-labelledby="onb-local">
            <span className="empty-icon" aria-hidden="true"><Icon name="local" size={20} /></span>
            <h2 id="onb-local" className="section-title">Run a model on this machine</h2>
            <p className="muted small">Download a local model with the model manager and follow its progress; it runs offline in this gateway.</p>
            <Button icon="download" onClick={() => onNavigate('local-models')}>Open the model manager</Button>
          </section>
        </div>
        <p className="muted small">Prefer files? Providers and models can also be listed in the config file (see the README), then restart the gateway.</p>
      </div>
      {adding && (
        <Suspense fallback={null}>
          <AddProviderDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </div>
  )
}
