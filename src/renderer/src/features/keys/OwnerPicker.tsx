import { Field } from '../../components/Field'
import { useAppStore } from '../../stores/app-store'

export type OwnerKind = 'team' | 'user'

/** Whose credential this is: a team (its settings) or a user (its team's settings), and which one. */
export function OwnerPicker({ kind, owner, labels, onKind, onOwner }: { kind: OwnerKind; owner: string; labels: Record<OwnerKind, string>; onKind: (k: OwnerKind) => void; onOwner: (id: string) => void }) {
  const teams = useAppStore((s) => s.catalog.teams)
  const users = useAppStore((s) => s.catalog.users)
  const choices = kind === 'team' ? teams.map((t) => ({ id: t.id, label: t.name })) : users.map((u) => ({ id: u.id, label: `${u.name} (${teams.find((t) => t.id === u.team_id)?.name ?? 'team'})` }))
  return (
    <>
      <fieldset className="segmented">
        <legend className="field-label">Kind</legend>
        {(['team', 'user'] as const).map((k) => (
          <label key={k} className={`segment${kind === k ? ' segment-on' : ''}`}>
            <input type="radio" name="owner-kind" checked={kind === k} onChange={() => (onKind(k), onOwner(''))} /> {labels[k]}
          </label>
        ))}
      </fieldset>
      <Field label={kind === 'team' ? 'Team' : 'User'} hint={kind === 'user' ? 'A user’s credentials take its team’s enabled models and fallbacks.' : undefined} error={choices.length ? undefined : `There is no ${kind} yet.`}>
        {(control) => (
          <select {...control} className="input" value={owner || choices[0]?.id || ''} onChange={(e) => onOwner(e.target.value)}>
            {choices.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
          </select>
        )}
      </Field>
    </>
  )
}

/** The owner picked, or the first one offered when none was picked yet. */
export function useOwnerId(kind: OwnerKind, owner: string): string {
  const first = useAppStore((s) => (kind === 'team' ? s.catalog.teams[0]?.id : s.catalog.users[0]?.id))
  return owner || first || ''
}
