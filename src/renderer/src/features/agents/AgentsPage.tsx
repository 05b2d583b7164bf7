import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { CopyButton } from '../../components/CopyButton'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, ErrorBanner, Notice, SkeletonRows } from '../../components/States'
import type { Agent } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { formatDate } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { ModelsSubnav } from '../../components/ModelsSubnav'
import type { PageId } from '../../lib/use-hash-route'
import { AgentDialog } from './AgentDialog'

/** Agents (saved model + prompt + parameters + tools): callable by name or id; use, edit, duplicate, delete. */
export default function AgentsPage({ onNavigate }: { onNavigate: (page: PageId) => void }) {
  const catalog = useAppStore((s) => s.catalog)
  const load = useAppStore((s) => s.loadCatalog)
  const duplicate = useAppStore((s) => s.duplicateAgent)
  const remove = useAppStore((s) => s.deleteAgent)
  const setModel = useAppStore((s) => s.setModel)
  const newConversation = useAppStore((s) => s.newConversation)
  const notify = useAppStore((s) => s.notify)
  const [editing, setEditing] = useState<Agent | null>(null)
  const act = (fn: () => Promise<unknown>, done: string) => void fn().then(() => notify(done, 'success'), (e: unknown) => notify(messageOf(e), 'error'))
  const use = (a: Agent) => {
    newConversation()
    setModel(a.id)
    onNavigate('playground')
  }
  return (
    <div className="page-inner">
      <PageHeader title="Agents" description={<>A model with its system prompt, parameters and tools. Call one by its name or id in <code>model</code>; a request’s own fields win over the agent’s. “Save as agent” in the playground makes one.</>} />
      <ModelsSubnav current="agents" onNavigate={onNavigate} />
      {catalog.status === 'error' && <ErrorBanner onRetry={() => void load()}>{catalog.error}</ErrorBanner>}
      {!catalog.agentsAvailable ? (
        <Notice>This gateway has no agents endpoint (<code>/admin/agents</code>).</Notice>
      ) : catalog.status !== 'ready' ? (
        <SkeletonRows rows={3} label="Loading agents" />
      ) : catalog.agents.length === 0 ? (
        <EmptyState icon="agent" title="No agents yet" action={<Button onClick={() => onNavigate('playground')}>Open the playground</Button>}>
          Set up a model, prompt and parameters in the playground, then “Save as agent”.
        </EmptyState>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Agents table">
          <table className="table">
            <thead><tr><th scope="col">Agent (model name)</th><th scope="col">Model</th><th scope="col">System prompt</th><th scope="col">Set</th><th scope="col">Created</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {catalog.agents.map((a) => (
                <tr key={a.id}>
                  <td>
                    <code className="agent-name">{a.name}</code> <CopyButton size="sm" variant="ghost" text={a.name} label={`Copy the name ${a.name}`} />
                    <div className="muted small mono cell-id">{a.id}</div>
                  </td>
                  <td>{a.model}</td>
                  <td className="small cell-prompt">{a.system_prompt ? a.system_prompt.slice(0, 120) + (a.system_prompt.length > 120 ? '…' : '') : <span className="muted">—</span>}</td>
                  <td className="small">{[Object.keys(a.params).length ? Object.keys(a.params).join(', ') : '', a.tools.length ? `${a.tools.length} tool${a.tools.length > 1 ? 's' : ''}` : ''].filter(Boolean).join(' · ') || <span className="muted">defaults</span>}</td>
                  <td className="muted small">{formatDate(a.created_at)}</td>
                  <td className="row-actions">
                    <Button size="sm" aria-label={`Use ${a.name} in the playground`} onClick={() => use(a)}>Use</Button>
                    <Button size="sm" icon="edit" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)} />
                    <Button size="sm" icon="copy" aria-label={`Duplicate ${a.name}`} onClick={() => act(() => duplicate(a.id), `Duplicated ${a.name}`)} />
                    <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${a.name}`} confirmLabel={`Confirm delete ${a.name}`} onConfirm={() => act(() => remove(a.id), `Deleted ${a.name}`)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <AgentDialog agent={editing} onClose={() => setEditing(null)} />}
    </div>
  )
}
