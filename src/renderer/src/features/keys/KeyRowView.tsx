import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { messageOf } from '../../api/api-error'
import type { KeyInfo } from '../../../../shared/admin-wire'
import { formatDate, formatRelative } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { useState } from 'react'
import { LimitsDialog } from '../../components/LimitsDialog'
import { limitsSummary } from '../../lib/limits-summary'

const TONE = { active: 'ok', deprecated: 'warn', revoked: 'danger', expired: 'neutral' } as const

export function KeyRowView({ k, owner }: { k: KeyInfo; owner: string }) {
  const rotate = useAppStore((s) => s.rotateKey)
  const revoke = useAppStore((s) => s.revokeKey)
  const notify = useAppStore((s) => s.notify)
  const setLimits = useAppStore((s) => s.setLimits)
  const [editingLimits, setEditingLimits] = useState(false)
  // A rotated key and its successor share a name: each says which one it is.
  const successor = useAppStore((s) => (k.replaced_by ? s.keys.list.find((x) => x.id === k.replaced_by)?.hint : undefined))
  const predecessor = useAppStore((s) => s.keys.list.find((x) => x.replaced_by === k.id)?.hint)
  const live = k.status === 'active' || k.status === 'deprecated'
  const fromConfig = k.source === 'config'
  const label = k.name ?? k.hint
  const hasLimits = k.rpm_limit != null || k.tpm_limit != null || k.budget != null
  return (
    <tr>
      <td data-label="Key"><code>{k.hint}</code></td>
      <td data-label="Name">{k.name ?? <span className="muted">—</span>}{fromConfig && <Badge title="Defined in the config file">config</Badge>}
        {successor && <div className="muted small">replaced by <code>{successor}</code></div>}
        {predecessor && <div className="muted small">replaces <code>{predecessor}</code></div>}
      </td>
      <td data-label="Owner">{owner}</td>
      <td data-label="Status">
        <Badge tone={TONE[k.status]}>{k.status}</Badge>
        {k.status === 'deprecated' && k.expires_at && <span className="muted small"> until {formatDate(k.expires_at)}</span>}
        {/* Limits sit with the status (what may this key do now), not in a column of their own: the table fits 900 px. */}
        {hasLimits && <div className="muted small">{limitsSummary(k)}</div>}
      </td>
      <td data-label="Created" className="muted">{formatDate(k.created_at)}</td>
      <td data-label="Last used" className="muted">{k.last_used_at ? formatRelative(k.last_used_at) : 'never'}</td>
      <td className="row-actions">
        {live && <Button size="sm" onClick={() => setEditingLimits(true)} aria-label={`Limits of ${label}`}>Limits</Button>}
        {editingLimits && (
          <LimitsDialog
            title={`Limits of key ${label}`}
            initial={{ rpm_limit: k.rpm_limit ?? null, tpm_limit: k.tpm_limit ?? null, budget: k.budget ?? null }}
            onSave={(value) => setLimits('key', k.id, value).then(() => notify('Key limits saved', 'success'))}
            onClose={() => setEditingLimits(false)}
          />
        )}
        {live && !fromConfig && (
          <>
            <Button size="sm" disabled={k.status !== 'active'} onClick={() => rotate(k.id).catch((e: unknown) => notify(messageOf(e), 'error'))} aria-label={`Rotate ${label}`}>Rotate</Button>
            <ConfirmButton size="sm" variant="ghost" confirmLabel="Confirm revoke" aria-label={`Revoke ${label}`} onConfirm={() => revoke(k.id).then(() => notify('Key revoked', 'success'), (e: unknown) => notify(messageOf(e), 'error'))}>
              Revoke
            </ConfirmButton>
          </>
        )}
      </td>
    </tr>
  )
}
