import { Fragment, useId, useMemo, useRef, useState } from 'react'
import { Badge } from '../../components/Badge'
import { Icon } from '../../components/Icon'
import type { ModelOption } from '../../lib/model-options'

/**
 * A searchable model picker (WAI-ARIA combobox with a listbox): names, aliases, agents, and what
 * each can do. A click, Down arrow or typing opens it (focus alone does not, so Tab passes by); arrow
 * keys move, Enter picks, Esc closes.
 */
export function ModelPicker({ options, value, onChange, label = 'Model', compact = false }: {
  options: ModelOption[]
  value: string
  onChange: (value: string) => void
  label?: string
  compact?: boolean
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const selected = options.find((o) => o.value === value)
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    return q ? options.filter((o) => o.searchText.includes(q)) : options
  }, [options, query])

  /** Opens the list on the current model (or the first option). */
  const openList = () => {
    if (open) return
    setOpen(true)
    setQuery('')
    setActive(Math.max(0, options.findIndex((o) => o.value === value)))
  }
  const pick = (o: ModelOption | undefined) => {
    if (!o) return
    onChange(o.value)
    setOpen(false)
    setQuery('')
  }
  const move = (step: number) => {
    if (!shown.length) return
    const i = (active + step + shown.length) % shown.length
    setActive(i)
    document.getElementById(`${id}-opt-${i}`)?.scrollIntoView({ block: 'nearest' })
  }

  return (
    <div className={`model-picker${compact ? ' model-picker-compact' : ''}`} onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <label htmlFor={`${id}-input`} className="visually-hidden">{label}</label>
      <div className="model-picker-field">
        <Icon name={selected?.kind === 'agent' ? 'agent' : 'models'} size={15} />
        <input
          ref={inputRef}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
          className="model-picker-input"
          placeholder={selected ? selected.label : 'Pick a model…'}
          value={open ? query : selected?.label ?? value}
          onClick={openList}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onKeyDown={(e) => {
            // Typing into the closed picker starts a search rather than editing the shown name.
            if (!open && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) openList()
            const handled = e.key === 'ArrowDown' || e.key === 'ArrowUp' || (open && (e.key === 'Enter' || e.key === 'Escape'))
            if (!handled) return
            e.preventDefault()
            if (e.key === 'ArrowDown') {
              if (open) move(1)
              else openList()
            } else if (e.key === 'ArrowUp') move(-1)
            else if (e.key === 'Enter') pick(shown[active])
            else {
              e.stopPropagation()
              setOpen(false)
              setQuery('')
            }
          }}
        />
        <Icon name="chevron" size={14} />
      </div>
      {!compact && selected && (
        <div className="model-picker-caps" aria-label="Capabilities">
          {selected.aliases.map((a) => <Badge key={a} title="alias">{a}</Badge>)}
          {selected.capabilities.map((c) => <Badge key={c} tone="accent">{c}</Badge>)}
        </div>
      )}
      {open && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} className="model-picker-list">
          {shown.length === 0 && (
            <li className="model-picker-empty">{options.length ? `No model matches “${query}”.` : 'No chat model this team may call yet: add a provider or a local model on the Models page.'}</li>
          )}
          {shown.map((o, i) => (
            <Fragment key={o.value}>
            {o.kind === 'agent' && shown[i - 1]?.kind !== 'agent' && <li role="presentation" className="model-picker-group">Agents</li>}
            <li
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={o.value === value}
              className={`model-option${i === active ? ' model-option-active' : ''}${o.kind === 'agent' ? ' model-option-agent' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(o)}
            >
              <div className="model-option-head">
                <span className="model-option-name">{o.label}</span>
                {o.aliases.length > 0 && <span className="model-option-aliases">{o.aliases.join(', ')}</span>}
                {o.value === value && <Icon name="check" size={14} />}
              </div>
              <div className="model-option-detail">{o.detail}</div>
              <div className="model-option-caps">{o.capabilities.map((c) => <Badge key={c}>{c}</Badge>)}</div>
            </li>
            </Fragment>
          ))}
        </ul>
      )}
    </div>
  )
}
