import { useRef } from 'react'

/** A row of tabs (WAI-ARIA tabs pattern): arrow keys move between them, the panel is labelled by the tab. */
export function Tabs<T extends string>({ label, tabs, value, onChange, idPrefix, controlsPanel = true }: {
  label: string
  tabs: readonly { id: T; label: string }[]
  value: T
  onChange: (id: T) => void
  idPrefix: string
  /** Whether an element with id `${idPrefix}-panel` (the tab panel) exists. */
  controlsPanel?: boolean
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[i] = el
          }}
          role="tab"
          type="button"
          id={`${idPrefix}-tab-${t.id}`}
          aria-selected={t.id === value}
          aria-controls={controlsPanel ? `${idPrefix}-panel` : undefined}
          tabIndex={t.id === value ? 0 : -1}
          className="tab"
          onClick={() => onChange(t.id)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
            if (!step) return
            e.preventDefault()
            const next = (i + step + tabs.length) % tabs.length
            onChange(tabs[next]!.id)
            refs.current[next]?.focus()
          }}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
