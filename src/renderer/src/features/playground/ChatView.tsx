import { useRef } from 'react'
import { ErrorBanner } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { Composer } from './Composer'
import { MessageList } from './MessageList'
import { SystemPromptEditor } from './SystemPromptEditor'

/** Chat mode: prompt, messages, the last error, and the composer pinned at the bottom. */
export function ChatView() {
  const scrollRef = useRef<HTMLDivElement>(null)
  const empty = useAppStore((s) => s.playground.messages.length === 0)
  const error = useAppStore((s) => s.run.error)
  const dismiss = useAppStore((s) => s.dismissRunError)
  const catalogError = useAppStore((s) => (s.catalog.status === 'error' ? s.catalog.error : null))
  const loadCatalog = useAppStore((s) => s.loadCatalog)
  return (
    <div className="chat">
      <div className="chat-scroll" ref={scrollRef}>
        {catalogError && <ErrorBanner onRetry={() => void loadCatalog()}>Could not load the models: {catalogError}</ErrorBanner>}
        <SystemPromptEditor />
        {empty ? (
          <div className="chat-empty">
            <p className="empty-title">Start a conversation</p>
            <p className="muted">Write a message below. Parameters, tools and the output format are on the right; every answer shows its latency, tokens and cost.</p>
          </div>
        ) : (
          <MessageList scrollRef={scrollRef} />
        )}
        {error && <ErrorBanner onDismiss={dismiss}>{error}</ErrorBanner>}
      </div>
      <Composer />
    </div>
  )
}
