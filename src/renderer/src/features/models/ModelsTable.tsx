import { useState } from 'react'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import type { ModelInfo } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { capabilitiesOf, enabledFor } from '../../lib/model-options'
import { useAppStore } from '../../stores/app-store'
import { ModelDialog } from './ModelDialog'
import { pricingText } from '../../lib/model-forms'

/** Every model: where it runs, aliases, what it does, prices, whether the chosen team may call it; edit and delete for models made here. */
export function ModelsTable() {
  const catalog = useAppStore((s) => s.catalog)
  const accessTeam = useAppStore((s) => s.access.teamId)
  const setEnabled = useAppStore((s) => s.setModelEnabled)
  const remove = useAppStore((s) => s.deleteModel)
  const notify = useAppStore((s) => s.notify)
  const [teamId, setTeamId] = useState(accessTeam ?? (catalog.teams.find((t) => t.name === 'default') ?? catalog.teams[0])?.id ?? '')
  const [editing, setEditing] = useState<ModelInfo | null>(null)
  const team = catalog.teams.find((t) => t.id === teamId)
  const providerType = new Map(catalog.providers.map((p) => [p.id, p.type]))
  const teamLocked = team?.source === 'config'
  const configSource = useAppStore((s) => s.status?.config_source)
  return (
    <>
      <div className="section-head">
        <h2 className="section-title">Callable models</h2>
        <label className="inline-label">
          <span className="muted small">Enabled for team</span>
          <select className="input input-sm" value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            {catalog.teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        </label>
      </div>
      {teamLocked && <p className="muted small">Team {team!.name} comes from the config file{configSource ? <> (<code>{configSource}</code>)</> : null}: its models are changed there (<code>teams[].models</code>), then the gateway restarted.</p>}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Models table">
        <table className="table table-cards">
          <thead>
            <tr><th scope="col">Model</th><th scope="col">Enabled</th><th scope="col">Aliases</th><th scope="col">Provider</th><th scope="col">Runs as</th><th scope="col">Does</th><th scope="col">Pricing (credits)</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
          </thead>
          <tbody>
            {catalog.models.map((m) => (
              <tr key={m.id}>
                <td data-label="Model"><strong>{m.name}</strong>{m.source === 'config' ? <Badge title="Defined in the config file">config</Badge> : null}<div className="muted small mono cell-id" title="Model id (X-Svc-Model-Id)">{m.id}</div></td>
                <td data-label="Enabled">
                  <input
                    type="checkbox"
                    aria-label={`${m.name} enabled for ${team?.name ?? 'the team'}`}
                    checked={enabledFor(team, m.name)}
                    disabled={!team || teamLocked}
                    onChange={(e) => setEnabled(teamId, m.name, e.target.checked).catch((err: unknown) => notify(messageOf(err), 'error'))}
                  />
                </td>
                <td data-label="Aliases">{m.aliases.length ? m.aliases.map((a) => <Badge key={a}>{a}</Badge>) : <span className="muted">—</span>}</td>
                <td data-label="Provider">{m.provider} <span className="muted">({providerType.get(m.provider) ?? '?'})</span></td>
                <td data-label="Runs as" className="mono small">{m.engine ? `${m.engine}${m.file ? ` · ${m.file.split(/[\\/]/).pop()}` : ''}` : m.upstream}</td>
                <td data-label="Does">{capabilitiesOf(m, providerType.get(m.provider)).map((c) => <Badge key={c} tone="accent">{c}</Badge>)}</td>
                <td data-label="Pricing" className="small">{pricingText(m.pricing)}</td>
                <td className="row-actions">
                  {m.source !== 'config' && (
                    <>
                      {!m.engine && <Button size="sm" icon="edit" aria-label={`Edit ${m.name}`} onClick={() => setEditing(m)} />}
                      <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${m.name}`} confirmLabel={`Confirm delete ${m.name}`} onConfirm={() => remove(m.id).then(() => notify(`Model ${m.name} deleted`, 'success'), (e: unknown) => notify(messageOf(e), 'error'))} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <ModelDialog model={editing} onClose={() => setEditing(null)} />}
    </>
  )
}
