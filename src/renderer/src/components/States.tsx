import type { ReactNode } from 'react'
import { Button } from './Button'
import { Icon, type IconName } from './Icon'

/** What a view shows when there is nothing yet: what it is for, and the first thing to do. */
export function EmptyState({ icon, title, children, action }: { icon?: IconName; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon && <span className="empty-icon"><Icon name={icon} size={22} /></span>}
      <p className="empty-title">{title}</p>
      {children && <div className="empty-text">{children}</div>}
      {action && <div className="empty-action">{action}</div>}
    </div>
  )
}

export function ErrorBanner({ children, onRetry, onDismiss }: { children: ReactNode; onRetry?: () => void; onDismiss?: () => void }) {
  return (
    <div className="banner banner-error" role="alert">
      <Icon name="warning" />
      <div className="banner-text">{children}</div>
      {onRetry && <Button size="sm" onClick={onRetry}>Retry</Button>}
      {onDismiss && <Button size="sm" variant="ghost" icon="close" aria-label="Dismiss" onClick={onDismiss} />}
    </div>
  )
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return <div className={`banner banner-${tone}`}>{children}</div>
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <span className="spinner" role="status" aria-label={label} />
}

/** Placeholder rows of a fixed height, so content arriving does not push the page around. */
export function SkeletonRows({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className="skeleton-rows" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => <div key={i} className="skeleton-row" />)}
    </div>
  )
}
