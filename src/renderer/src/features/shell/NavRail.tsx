import { Icon } from '../../components/Icon'
import { PAGES, type PageId } from './use-hash-route'

export function NavRail({ page, onNavigate }: { page: PageId; onNavigate: (page: PageId) => void }) {
  return (
    <nav className="nav-rail" aria-label="Main">
      <div className="brand" aria-label="Gatehouse">
        <span className="brand-mark" aria-hidden="true">G</span>
        <span className="brand-name">Gatehouse</span>
      </div>
      <ul>
        {PAGES.map((p) => (
          <li key={p.id}>
            <a
              href={`#/${p.id}`}
              className="nav-link"
              title={p.label}
              aria-current={p.id === page ? 'page' : undefined}
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
