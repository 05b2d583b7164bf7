import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { CopyButton } from '../../components/CopyButton'
import { formatMessageTime } from '../../lib/format'
import type { DraftMessage } from '../../lib/playground-model'
import { AttachmentList } from './AttachmentList'
import { AnswerView } from './AnswerView'
import { MessageEditor } from './MessageEditor'
import { MessageText } from './MessageText'
import { ToolCallCard } from './ToolCallCard'

const ROLE_LABEL = { user: 'User', assistant: 'Assistant', tool: 'Tool' } as const

/**
 * One message: role, time, content (an answer rendered as Markdown or shown raw), attachments, and the
 * actions copy, raw/rendered, edit, re-run from here, delete.
 */
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
  const [raw, setRaw] = useState(false)
  const label = ROLE_LABEL[message.role]
  const lower = label.toLowerCase()
  const isAnswer = message.role === 'assistant' && !!message.answer
  const busy = running || !!message.pending
  return (
    <article className={`message message-${message.role}${message.pending ? ' message-pending' : ''}${message.failed ? ' message-failed' : ''}`} aria-label={`${label} message`} data-testid={`message-${message.role}`}>
      <header className="message-head">
        <span className="message-role">
          {label}
          {message.role === 'tool' && message.toolCallId ? <code> {message.toolCallId}</code> : null}
        </span>
        {message.at ? <time className="message-time" dateTime={new Date(message.at).toISOString()} title={new Date(message.at).toLocaleString()}>{formatMessageTime(message.at)}</time> : null}
        <div className="message-actions">
          {message.role === 'assistant' && (
            <Button size="sm" variant="ghost" icon={raw ? 'eye' : 'code'} aria-pressed={raw} aria-label={raw ? 'Show this answer rendered' : 'Show this answer as raw text'} disabled={message.pending} onClick={() => setRaw((v) => !v)} />
          )}
          <CopyButton size="sm" variant="ghost" text={message.content} label={`Copy ${lower} message`} disabled={!message.content} />
          <Button size="sm" variant="ghost" icon="edit" aria-label={`Edit ${lower} message`} disabled={busy} onClick={() => setEditing(true)} />
          <Button size="sm" variant="ghost" icon="rerun" aria-label={message.role === 'assistant' ? 'Regenerate this answer' : 'Re-run from here'} disabled={busy} onClick={onRerun} />
          <ConfirmButton size="sm" variant="ghost" icon="trash" aria-label={`Delete ${lower} message`} confirmLabel="Click again to delete" disabled={busy} onConfirm={onDelete} />
        </div>
      </header>
      {editing ? (
        <MessageEditor message={message} onSave={(patch) => (onEdit(patch), setEditing(false))} onCancel={() => setEditing(false)} />
      ) : isAnswer ? (
        <AnswerView answer={message.answer!} raw={raw} pending={!!message.pending} answerableCallIds={answerableCallIds} onAnswerCall={onAnswerCall} onSelect={onSelectChoice} />
      ) : (
        <>
          {message.content && (message.role === 'tool' ? <div className="answer-text answer-raw mono">{message.content}</div> : <MessageText text={message.content} raw={message.role === 'user' || raw} />)}
          {message.toolCalls?.map((c) => <ToolCallCard key={c.id} call={c} answerable={answerableCallIds.has(c.id)} onAnswer={(content) => onAnswerCall(c.id, content)} />)}
        </>
      )}
      {message.attachments?.length ? <AttachmentList attachments={message.attachments} /> : null}
    </article>
  )
}
