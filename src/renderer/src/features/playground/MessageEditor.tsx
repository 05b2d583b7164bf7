import { useState } from 'react'
import { Button } from '../../components/Button'
import type { DraftMessage } from '../../lib/playground-model'

const ROLE_LABEL = { user: 'User', assistant: 'Assistant', tool: 'Tool' } as const

/** Editing a message in place: its text and (user or assistant) its role; Ctrl/Cmd+Enter saves, Esc cancels. */
export function MessageEditor({ message, onSave, onCancel }: { message: DraftMessage; onSave: (patch: Partial<Pick<DraftMessage, 'content' | 'role'>>) => void; onCancel: () => void }) {
  const [text, setText] = useState(message.content)
  const [role, setRole] = useState(message.role)
  const label = ROLE_LABEL[message.role]
  const save = () => onSave({ content: text, role })
  return (
    <form className="message-editor" onSubmit={(e) => (e.preventDefault(), save())}>
      {message.role !== 'tool' && (
        <select className="input input-sm" aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as DraftMessage['role'])}>
          <option value="user">User</option>
          <option value="assistant">Assistant</option>
        </select>
      )}
      <textarea
        className="input autogrow"
        aria-label={`${label} message text`}
        value={text}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            save()
          } else if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            onCancel()
          }
        }}
      />
      <div className="row-end">
        <Button size="sm" variant="ghost" onClick={onCancel}>Cancel</Button>
        <Button size="sm" variant="primary" type="submit">Save</Button>
      </div>
    </form>
  )
}
