import { useEffect, useRef } from 'react'
import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import { navPageOf, PAGES, type PageId } from '../../lib/use-hash-route'

/** The navigation: a rail beside the page, or (on a phone) a drawer over it with `onClose`. */
export function NavRail({ page, onNavigate, onClose }: { page: PageId; onNavigate: (page: PageId) => void; onClose?: () => void }) {
  const current = navPageOf(page)
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!onClose) return
    ref.current?.querySelector<HTMLElement>('a[aria-current="page"], a')?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <nav ref={ref} className={`nav-rail${onClose ? ' nav-drawer' : ''}`} aria-label="Main">
      <div className="brand" aria-label="Gatehouse">
        <span className="brand-mark" aria-hidden="true">G</span>
        <span className="brand-name">Gatehouse</span>
        {onClose && <Button size="sm" variant="ghost" icon="close" aria-label="Close navigation" className="nav-close" onClick={onClose} />}
      </div>
      <ul>
        {PAGES.map((p) => (
          <li key={p.id}>
            <a
              href={`#/${p.id}`}
              className="nav-link"
              title={p.label}
              aria-current={p.id === current ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault()
                onNavigate(p.id)
              }}
            >
              <Icon name={p.icon} size={17} />
              <span>{p.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
