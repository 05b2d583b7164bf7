import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import type { ConversationSummary } from '../../../../shared/admin-wire'
import { plainTitle } from '../../../../shared/plain-title'
import { formatRelative } from '../../lib/format'

export function ConversationRow({ conversation: c, modelLabel, current, onOpen, onRename, onDelete, onExport }: {
  conversation: ConversationSummary
  /** The model as people know it: an agent's name rather than its id. */
  modelLabel: string | null
  current: boolean
  onOpen: () => void
  onRename: (title: string) => void
  onDelete: () => void
  onExport: (format: 'json' | 'md') => void
}) {
  const [renaming, setRenaming] = useState(false)
  const [title, setTitle] = useState(c.title)
  const shown = plainTitle(c.title) || c.title
  return (
    <li className={`conversation${current ? ' conversation-current' : ''}`}>
      {renaming ? (
        <form
          className="conversation-rename"
          onSubmit={(e) => {
            e.preventDefault()
            if (title.trim()) onRename(title.trim())
            setRenaming(false)
          }}
        >
          <input className="input input-sm" aria-label="New title" value={title} autoFocus onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), e.stopPropagation(), setRenaming(false))} />
        </form>
      ) : (
        <button type="button" className="conversation-open" aria-current={current ? 'true' : undefined} onClick={onOpen}>
          <span className="conversation-title">{shown}</span>
          <span className="conversation-meta">{formatRelative(c.updated_at)} · {modelLabel ?? 'no model'} · {c.message_count} msg</span>
        </button>
      )}
      {current && (
        <div className="conversation-actions">
          <Button size="sm" variant="ghost" icon="edit" aria-label={`Rename ${shown}`} onClick={() => {
              setTitle(c.title)
              setRenaming(true)
            }} />
          <Button size="sm" variant="ghost" aria-label={`Export ${shown} as JSON`} onClick={() => onExport('json')}>JSON</Button>
          <Button size="sm" variant="ghost" aria-label={`Export ${shown} as MD (Markdown)`} onClick={() => onExport('md')}>MD</Button>
          <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${shown}`} confirmLabel={`Click again to delete ${shown}`} onConfirm={onDelete} />
        </div>
      )}
    </li>
  )
}
