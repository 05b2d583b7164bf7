import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import type { LocalModelInfo } from '../../../../shared/admin-wire'
import { messageOf } from '../../api/api-error'
import { formatBytes } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { engineForKind } from '../../stores/local-models-slice'

const percent = (received: number, total: number | null) => (total ? Math.min(100, Math.floor((received / total) * 100)) : null)

export function ProgressBar({ name, received, total, label }: { name: string; received: number; total: number | null; label: string }) {
  const pct = percent(received, total)
  return (
    <div className="download">
      <div className="progress" role="progressbar" aria-label={`Download of ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct ?? undefined} aria-valuetext={pct === null ? formatBytes(received) : `${pct}%`}>
        <div className="progress-fill" style={{ width: `${pct ?? 0}%` }} />
      </div>
      <span className="download-text small">{label} {pct === null ? '' : `${pct}% · `}{formatBytes(received)}{total ? ` of ${formatBytes(total)}` : ''}</span>
    </div>
  )
}

/** One local model: size, and its state (not installed, downloading, paused, installed) with the actions that state allows. */
export function LocalModelRow({ model: m, onUse }: { model: LocalModelInfo; onUse: (m: LocalModelInfo) => void }) {
  const progress = useAppStore((s) => s.localModels.progress[m.name])
  const used = useAppStore((s) => s.catalog.models.some((x) => x.engine === engineForKind(m.kind) && x.file === m.name))
  const download = useAppStore((s) => s.downloadLocalModel)
  const pause = useAppStore((s) => s.pauseLocalModel)
  const cancel = useAppStore((s) => s.cancelLocalModel)
  const remove = useAppStore((s) => s.deleteLocalModel)
  const notify = useAppStore((s) => s.notify)
  const act = (fn: () => Promise<unknown>) => void fn().catch((e: unknown) => notify(messageOf(e), 'error'))
  const running = progress?.state === 'running' || (m.downloading && progress?.state !== 'paused')
  const paused = progress?.state === 'paused' && !m.installed

  let state
  let actions
  if (m.installed) {
    state = (
      <>
        {progress?.state === 'done' && <ProgressBar name={m.name} received={progress.receivedBytes} total={progress.totalBytes} label="Downloaded" />}
        <Badge tone="ok">installed</Badge> <span className="small muted">{formatBytes(m.installed.sizeBytes)} · {m.installed.source === 'import' ? 'imported' : m.installed.source === 'found' ? 'found on disk' : 'downloaded'}</span>
      </>
    )
    actions = (
      <>
        {engineForKind(m.kind) && !used && <Button size="sm" aria-label={`Use ${m.name} as a model`} onClick={() => onUse(m)}>Use as model</Button>}
        {used && <Badge tone="accent" title="A model runs on it">in use</Badge>}
        <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${m.name}`} confirmLabel={`Confirm delete ${m.name}`} onConfirm={() => act(() => remove(m.name))} />
      </>
    )
  } else if (running) {
    state = <ProgressBar name={m.name} received={progress?.receivedBytes ?? 0} total={progress?.totalBytes ?? m.sizeBytes} label="Downloading" />
    actions = (
      <>
        <Button size="sm" icon="pause" aria-label={`Pause ${m.name}`} onClick={() => act(() => pause(m.name))}>Pause</Button>
        <Button size="sm" variant="ghost" aria-label={`Cancel ${m.name}`} onClick={() => act(() => cancel(m.name))}>Cancel</Button>
      </>
    )
  } else if (paused) {
    state = <ProgressBar name={m.name} received={progress!.receivedBytes} total={progress!.totalBytes} label="Paused at" />
    actions = (
      <>
        <Button size="sm" icon="play" aria-label={`Resume ${m.name}`} onClick={() => act(() => download(m.name))}>Resume</Button>
        <Button size="sm" variant="ghost" aria-label={`Cancel ${m.name}`} onClick={() => act(() => cancel(m.name))}>Cancel</Button>
      </>
    )
  } else {
    state = (
      <>
        <span className="muted small">not installed</span>
        {m.error && <p className="field-error">{m.error}</p>}
      </>
    )
    actions = <Button size="sm" icon="download" aria-label={`Download ${m.name}`} onClick={() => act(() => download(m.name))}>Download</Button>
  }
  return (
    <tr>
      <td data-label="Model"><strong>{m.name}</strong><div className="muted small">{m.description}</div></td>
      <td data-label="Size" className="small">{m.sizeBytes ? formatBytes(m.sizeBytes) : '—'}</td>
      <td data-label="State" className="cell-state">{state}</td>
      <td className="row-actions">{actions}</td>
    </tr>
  )
}
