import { useEffect, useMemo, useRef, type RefObject } from 'react'
import { unansweredToolCalls } from '../../lib/playground-model'
import { useAppStore } from '../../stores/app-store'
import { FailedTurn } from './FailedTurn'
import { MessageItem } from './MessageItem'

/** The conversation; it follows a streaming answer down unless the person scrolled up to read. */
export function MessageList({ scrollRef }: { scrollRef: RefObject<HTMLDivElement | null> }) {
  const messages = useAppStore((s) => s.playground.messages)
  const running = useAppStore((s) => s.run.status === 'running')
  const updateMessage = useAppStore((s) => s.updateMessage)
  const deleteMessage = useAppStore((s) => s.deleteMessage)
  const rerunFrom = useAppStore((s) => s.rerunFrom)
  const selectChoice = useAppStore((s) => s.selectMessageChoice)
  const answerToolCall = useAppStore((s) => s.answerToolCall)
  const pinned = useRef(true)

  const answerable = useMemo(() => {
    const ids = new Set<string>()
    messages.forEach((m, i) => {
      if (m.role === 'assistant') unansweredToolCalls(messages, i).forEach((c) => ids.add(c.id))
    })
    return ids
  }, [messages])

  useEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48
    }
    el.addEventListener('scroll', onScroll)
    return () => el.removeEventListener('scroll', onScroll)
  }, [scrollRef])
  useEffect(() => {
    const el = scrollRef.current
    if (el && pinned.current) el.scrollTop = el.scrollHeight
  }, [messages, scrollRef])

  return (
    <div className="message-list">
      {messages.map((m) => (
        <MessageItem
          key={m.id}
          message={m}
          running={running}
          answerableCallIds={answerable}
          onEdit={(patch) => updateMessage(m.id, patch)}
          onDelete={() => deleteMessage(m.id)}
          onRerun={() => void rerunFrom(m.id)}
          onSelectChoice={(i) => selectChoice(m.id, i)}
          onAnswerCall={(callId, content) => void answerToolCall(m.id, callId, content)}
        />
      ))}
      {messages.at(-1)?.failed && <FailedTurn message={messages.at(-1)!} />}
    </div>
  )
}
