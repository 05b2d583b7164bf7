import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import type { DraftMessage } from '../../lib/playground-model'
import { AttachmentList } from './AttachmentList'
import { AnswerView } from './AnswerView'
import { ToolCallCard } from './ToolCallCard'

const ROLE_LABEL = { user: 'User', assistant: 'Assistant', tool: 'Tool' } as const

/** One message: its role, content (editable), attachments, answer, and the actions edit, re-run from here, delete. */
export function MessageItem({ message, running, answerableCallIds, onEdit, onDelete, onRerun, onSelectChoice, onAnswerCall }: {
  message: DraftMessage
  running: boolean
  answerableCallIds: Set<string>
  onEdit: (patch: Partial<Pick<DraftMessage, 'content' | 'role'>>) => void
  onDelete: () => void
  onRerun: () => void
  onSelectChoice: (index: number) => void
  onAnswerCall: (callId: string, content: string) => void
}) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState(message.content)
  const [role, setRole] = useState(message.role)
  const label = ROLE_LABEL[message.role]
  const save = () => {
    onEdit({ content: text, role })
    setEditing(false)
  }
  return (
    <article className={`message message-${message.role}${message.pending ? ' message-pending' : ''}`} aria-label={`${label} message`} data-testid={`message-${message.role}`}>
      <header className="message-head">
        <span className="message-role">{label}{message.role === 'tool' && message.toolCallId ? <code> {message.toolCallId}</code> : null}</span>
        <div className="message-actions">
          <Button size="sm" variant="ghost" icon="edit" aria-label={`Edit ${label.toLowerCase()} message`} disabled={running || message.pending} onClick={() => (setText(message.content), setRole(message.role), setEditing(true))} />
          <Button size="sm" variant="ghost" icon="rerun" aria-label={message.role === 'assistant' ? 'Regenerate this answer' : 'Re-run from here'} disabled={running || message.pending} onClick={onRerun} />
          <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${label.toLowerCase()} message`} confirmLabel="Click again to delete" disabled={running || message.pending} onConfirm={onDelete} />
        </div>
      </header>
      {editing ? (
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
                setEditing(false)
              }
            }}
          />
          <div className="row-end">
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>Cancel</Button>
            <Button size="sm" variant="primary" type="submit">Save</Button>
          </div>
        </form>
      ) : message.role === 'assistant' && message.answer ? (
        <AnswerView answer={message.answer} pending={!!message.pending} answerableCallIds={answerableCallIds} onAnswerCall={onAnswerCall} onSelect={onSelectChoice} />
      ) : (
        <>
          {message.content && <div className={message.role === 'tool' ? 'answer-text mono' : 'answer-text'}>{message.content}</div>}
          {message.toolCalls?.map((c) => <ToolCallCard key={c.id} call={c} answerable={answerableCallIds.has(c.id)} onAnswer={(content) => onAnswerCall(c.id, content)} />)}
        </>
      )}
      {message.attachments?.length ? <AttachmentList attachments={message.attachments} /> : null}
    </article>
  )
}
