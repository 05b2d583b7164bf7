import type { ReactNode } from 'react'

export function Badge({ children, tone = 'neutral', title }: { children: ReactNode; tone?: 'neutral' | 'accent' | 'ok' | 'warn' | 'danger'; title?: string }) {
  return <span className={`badge badge-${tone}`} title={title}>{children}</span>
}
