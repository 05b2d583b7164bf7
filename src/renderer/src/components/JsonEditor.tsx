import { useMemo, type ReactNode } from 'react'
import { parseJsonText, prettyJson } from '../lib/json-text'
import { Button } from './Button'
import { Field } from './Field'

/**
 * A JSON text editor: monospace, tab inserts two spaces, a Format button, and the parse error (with
 * line and column) under it. `validate` adds checks of its own on top of well-formed JSON.
 */
export function JsonEditor({ label, value, onChange, rows = 8, hint, error, placeholder, actions }: {
  label: string
  value: string
  onChange: (text: string) => void
  rows?: number
  hint?: string
  /** An error found by the caller's own checks; a JSON syntax error is found here. */
  error?: string
  placeholder?: string
  actions?: ReactNode
}) {
  const syntax = useMemo(() => (value.trim() ? parseJsonText(value) : null), [value])
  const shown = syntax && !syntax.ok ? syntax.message : error
  return (
    <Field
      label={label}
      hint={hint}
      error={shown}
      className="json-editor"
      trailing={
        <span className="field-actions">
          {actions}
          <Button size="sm" variant="ghost" disabled={!syntax?.ok} onClick={() => syntax?.ok && onChange(prettyJson(syntax.value))}>
            Format
          </Button>
        </span>
      }
    >
      {(control) => (
        <textarea
          {...control}
          className="input mono"
          spellCheck={false}
          rows={rows}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Tab' || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return
            // Tab indents inside the editor; Esc then Tab moves on, as in most code editors.
            const el = e.currentTarget
            if (el.dataset.tabEscape === '1') return
            e.preventDefault()
            const { selectionStart: a, selectionEnd: b } = el
            onChange(value.slice(0, a) + '  ' + value.slice(b))
            requestAnimationFrame(() => el.setSelectionRange(a + 2, a + 2))
          }}
          onKeyUp={(e) => {
            e.currentTarget.dataset.tabEscape = e.key === 'Escape' ? '1' : ''
          }}
        />
      )}
    </Field>
  )
}
