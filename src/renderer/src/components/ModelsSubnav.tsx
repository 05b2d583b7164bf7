import type { PageId } from '../lib/use-hash-route'

const SECTIONS = [
  { id: 'models', label: 'Providers and models' },
  { id: 'local-models', label: 'Model manager' },
  { id: 'agents', label: 'Agents' },
] as const

/** The three pages about what can be called: providers and their models, local models, agents. */
export function ModelsSubnav({ current, onNavigate }: { current: 'models' | 'local-models' | 'agents'; onNavigate: (page: PageId) => void }) {
  return (
    <nav className="subnav" aria-label="Models sections">
      {SECTIONS.map((s) => (
        <a
          key={s.id}
          href={`#/${s.id}`}
          className="subnav-link"
          aria-current={s.id === current ? 'page' : undefined}
          onClick={(e) => (e.preventDefault(), onNavigate(s.id))}
        >
          {s.label}
        </a>
      ))}
    </nav>
  )
}
