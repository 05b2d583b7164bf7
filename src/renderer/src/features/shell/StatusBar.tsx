import { Button } from '../../components/Button'
import { CopyButton } from '../../components/CopyButton'
import { Icon } from '../../components/Icon'
import { formatBalance } from '../../lib/format'
import { isChatModel } from '../../lib/model-options'
import { useAppStore } from '../../stores/app-store'

/** The gateway's state, always in view: endpoint (with copy), models, credits, and whether it answers. */
export function StatusBar({ onNavigate, onOpenNav }: { onNavigate: (page: 'models' | 'usage') => void; onOpenNav?: () => void }) {
  const url = useAppStore((s) => s.gatewayUrl)
  const status = useAppStore((s) => s.status)
  const error = useAppStore((s) => s.statusError)
  const problems = useAppStore((s) => (s.health?.status === 'degraded' ? s.health.problems : null))
  const chatModels = useAppStore((s) => s.catalog.models.filter(isChatModel).length)
  // The catalog is read again after every change made here; the status only every few seconds.
  const models = useAppStore((s) => (s.catalog.status === 'ready' ? s.catalog.models.length : s.status?.counts.models))
  const endpoint = `${url}/v1`
  return (
    <header className="status-bar" aria-label="Gateway status">
      <div className="status-endpoint">
        {onOpenNav && <Button size="sm" variant="ghost" icon="menu" aria-label="Open navigation" onClick={onOpenNav} />}
        <span className={`status-dot ${error ? 'status-dot-bad' : problems ? 'status-dot-warn' : 'status-dot-ok'}`} aria-hidden="true" />
        <span className="visually-hidden">{error ? 'Gateway not answering' : problems ? 'Gateway degraded' : 'Gateway running'}</span>
        <span className="status-label">Endpoint</span>
        <code className="status-url" title={endpoint}>{endpoint}</code>
        <CopyButton text={endpoint} label="Copy endpoint URL" size="sm" variant="ghost" />
      </div>
      <div className="status-items">
        {error && (
          <span className="status-error" role="status" title={error}>
            <Icon name="warning" size={14} /> not answering
          </span>
        )}
        {!error && problems && (
          <span className="status-warning" role="status" title={problems.join('\n')}>
            <Icon name="warning" size={14} /> <span className="status-warning-text">degraded: {problems.join('; ') || 'no cause given'}</span>
          </span>
        )}
        <button type="button" className="status-item" onClick={() => onNavigate('models')} title="Models configured in the gateway">
          <span className="status-label">Models</span>
          <span className="status-value">{models ?? '—'}</span>
          <span className="status-sub">{models !== undefined && chatModels !== models ? `${chatModels} chat` : ''}</span>
        </button>
        <button type="button" className="status-item" onClick={() => onNavigate('usage')} title="Company credits balance">
          <span className="status-label">Credits</span>
          <span className="status-value" data-testid="credits-balance">{status ? formatBalance(status.credits.balance) : '—'}</span>
        </button>
      </div>
    </header>
  )
}
