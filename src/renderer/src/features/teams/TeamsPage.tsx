import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { Field } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { EmptyState, Notice } from '../../components/States'
import type { KeyInfo, TeamInfo, UserInfo } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { useAppStore } from '../../stores/app-store'
import { NameDialog } from './NameDialog'
import { LimitsDialog } from '../../components/LimitsDialog'
import { limitsSummary } from '../../lib/limits-summary'

type Editing = { kind: 'new-team' } | { kind: 'new-user' } | { kind: 'team'; team: TeamInfo } | { kind: 'user'; user: UserInfo } | { kind: 'team-limits'; team: TeamInfo } | { kind: 'user-limits'; user: UserInfo } | null

const liveKeys = (keys: KeyInfo[], match: (k: KeyInfo) => boolean) => keys.filter((k) => match(k) && (k.status === 'active' || k.status === 'deprecated')).length
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** A row's rename and delete buttons, or, for a row of the config file, where to change it instead. */
function RowActions({ what, name, fromConfig, onRename, onLimits, onDelete }: { what: 'team' | 'user'; name: string; fromConfig: ReactNode; onRename: () => void; onLimits: () => void; onDelete: () => Promise<unknown> }) {
  return (
    <td className="row-actions">
      {fromConfig ? (
        <span className="muted small row-actions-note">{fromConfig}</span>
      ) : (
        <>
          <Button size="sm" icon="edit" aria-label={`Rename ${what} ${name}`} onClick={onRename} />
          <Button size="sm" aria-label={`Limits of ${what} ${name}`} onClick={onLimits}>Limits</Button>
          <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${what} ${name}`} confirmLabel={`Confirm delete ${what} ${name}`} onConfirm={onDelete} />
        </>
      )}
    </td>
  )
}

/** Teams (the models each may call, their keys and users) and users (their team and keys). Rows of the config file are changed there. */
export default function TeamsPage() {
  const teams = useAppStore((s) => s.catalog.teams)
  const users = useAppStore((s) => s.catalog.users)
  const keys = useAppStore((s) => s.keys.list)
  const configSource = useAppStore((s) => s.status?.config_source)
  const loadKeys = useAppStore((s) => s.loadKeys)
  const createTeam = useAppStore((s) => s.createTeam)
  const renameTeam = useAppStore((s) => s.renameTeam)
  const deleteTeam = useAppStore((s) => s.deleteTeam)
  const createUser = useAppStore((s) => s.createUser)
  const renameUser = useAppStore((s) => s.renameUser)
  const deleteUser = useAppStore((s) => s.deleteUser)
  const setLimits = useAppStore((s) => s.setLimits)
  const modelRows = useAppStore((s) => s.catalog.models)
  const allModels = useMemo(() => modelRows.map((m) => m.name), [modelRows])
  const notify = useAppStore((s) => s.notify)
  const [editing, setEditing] = useState<Editing>(null)
  const [newUserTeam, setNewUserTeam] = useState('')
  useEffect(() => void loadKeys(), [loadKeys])
  const teamName = useMemo(() => new Map(teams.map((t) => [t.id, t.name])), [teams])
  const fromFile = <>From the config file{configSource ? <> (<code>{configSource}</code>)</> : null}: change it there</>
  const fail = (e: unknown) => notify(messageOf(e), 'error')
  const anyConfig = teams.some((t) => t.source === 'config') || users.some((u) => u.source === 'config')

  return (
    <div className="page-inner">
      <PageHeader
        title="Teams and users"
        description="A team is who pays and what it may call: its models, its fallbacks, its keys. A user belongs to one team and has keys of their own."
        actions={<><Button icon="plus" onClick={() => setEditing({ kind: 'new-user' })} disabled={!teams.length}>New user</Button><Button variant="primary" icon="plus" onClick={() => setEditing({ kind: 'new-team' })}>New team</Button></>}
      />
      {anyConfig && <Notice><span className="banner-text">Rows marked <strong>config</strong> come from the config file{configSource ? <> (<code>{configSource}</code>)</> : null}; they are changed there, then the gateway restarted.</span></Notice>}

      <section className="stack" aria-labelledby="teams-title">
        <h2 id="teams-title" className="section-title">Teams</h2>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Teams table">
          <table className="table table-cards">
            <thead><tr><th scope="col">Team</th><th scope="col">Models</th><th scope="col">Users</th><th scope="col">Keys</th><th scope="col">Limits and policy</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {teams.map((t) => (
                <tr key={t.id}>
                  <td data-label="Team"><strong>{t.name}</strong> {t.source === 'config' && <Badge title="Defined in the config file">config</Badge>}</td>
                  <td data-label="Models">{t.models === null ? <span>Every model</span> : t.models.length ? t.models.map((m) => <Badge key={m}>{m}</Badge>) : <span className="muted">None</span>}</td>
                  <td data-label="Users">{plural(users.filter((u) => u.team_id === t.id).length, 'user')}</td>
                  <td data-label="Keys">{plural(liveKeys(keys, (k) => k.team_id === t.id && !k.user_id), 'team key')}</td>
                  <td data-label="Limits and policy">
                    <span className="small">{limitsSummary(t)}</span>{' '}
                    {t.local_only && <Badge title="Requests may reach only local models">local only</Badge>}{' '}
                    {t.keep_content === false && <Badge title="No prompt or answer text is kept">keeps no content</Badge>}
                  </td>
                  <RowActions what="team" name={t.name} fromConfig={t.source === 'config' ? fromFile : null} onRename={() => setEditing({ kind: 'team', team: t })} onLimits={() => setEditing({ kind: 'team-limits', team: t })} onDelete={() => deleteTeam(t.id).then(() => notify(`Team ${t.name} deleted`, 'success'), fail)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="stack" aria-labelledby="users-title">
        <h2 id="users-title" className="section-title">Users</h2>
        {users.length === 0 ? (
          <EmptyState icon="teams" title="No users yet" action={teams.length ? <Button onClick={() => setEditing({ kind: 'new-user' })}>Add a user</Button> : undefined}>
            A user has keys of their own, so usage shows who called; they take their team's models and budget.
          </EmptyState>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Users table">
            <table className="table table-cards">
              <thead><tr><th scope="col">User</th><th scope="col">Team</th><th scope="col">Keys</th><th scope="col">Limits</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id}>
                    <td data-label="User"><strong>{u.name}</strong> {u.source === 'config' && <Badge title="Defined in the config file">config</Badge>}</td>
                    <td data-label="Team">{teamName.get(u.team_id) ?? u.team_id}</td>
                    <td data-label="Keys">{plural(liveKeys(keys, (k) => k.user_id === u.id), 'key')}</td>
                    <td data-label="Limits" className="small">{limitsSummary(u)}</td>
                    <RowActions what="user" name={u.name} fromConfig={u.source === 'config' ? fromFile : null} onRename={() => setEditing({ kind: 'user', user: u })} onLimits={() => setEditing({ kind: 'user-limits', user: u })} onDelete={() => deleteUser(u.id).then(() => notify(`User ${u.name} deleted`, 'success'), fail)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {editing?.kind === 'new-team' && <NameDialog title="New team" label="Name" saveLabel="Create team" onSave={createTeam} onClose={() => setEditing(null)} />}
      {editing?.kind === 'team' && <NameDialog title={`Rename team ${editing.team.name}`} label="Name" initial={editing.team.name} saveLabel="Rename" onSave={(name) => renameTeam(editing.team.id, name)} onClose={() => setEditing(null)} />}
      {editing?.kind === 'user' && <NameDialog title={`Rename user ${editing.user.name}`} label="Name" initial={editing.user.name} saveLabel="Rename" onSave={(name) => renameUser(editing.user.id, name)} onClose={() => setEditing(null)} />}
      {editing?.kind === 'team-limits' && (
        <LimitsDialog
          title={`Limits and data policy of team ${editing.team.name}`}
          policy
          models={editing.team.models ?? allModels}
          initial={{ rpm_limit: editing.team.rpm_limit ?? null, tpm_limit: editing.team.tpm_limit ?? null, budget: editing.team.budget ?? null, local_only: editing.team.local_only, keep_content: editing.team.keep_content, model_limits: editing.team.model_limits }}
          onSave={(value) => setLimits('team', editing.team.id, value).then(() => notify(`Limits of team ${editing.team.name} saved`, 'success'))}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'user-limits' && (
        <LimitsDialog
          title={`Limits of user ${editing.user.name}`}
          initial={{ rpm_limit: editing.user.rpm_limit ?? null, tpm_limit: editing.user.tpm_limit ?? null, budget: editing.user.budget ?? null }}
          onSave={(value) => setLimits('user', editing.user.id, value).then(() => notify(`Limits of user ${editing.user.name} saved`, 'success'))}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'new-user' && (
        <NameDialog title="New user" label="Name" saveLabel="Create user" onSave={(name) => createUser(name, newUserTeam || teams[0]!.id)} onClose={() => setEditing(null)}>
          <Field label="Team" hint="Their keys take this team's models and budget.">
            {(control) => (
              <select {...control} className="input" value={newUserTeam || teams[0]?.id} onChange={(e) => setNewUserTeam(e.target.value)}>
                {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </select>
            )}
          </Field>
        </NameDialog>
      )}
    </div>
  )
}
