import { useEffect, useState } from 'react'
import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import { ErrorBanner, SkeletonRows } from '../../components/States'
import { messageOf } from '../../api/api-error'
import { useAppStore } from '../../stores/app-store'
import { ConversationRow } from './ConversationRow'
import { downloadFile } from '../../lib/download'
import { useDrawerFocus } from './use-drawer-focus'

/** Saved conversations: search, open, rename, export (JSON, Markdown), delete. */
export function ConversationSidebar({ drawer = false, onClose }: { drawer?: boolean; onClose: () => void }) {
  const state = useAppStore((s) => s.conversations)
  const currentId = useAppStore((s) => s.conversationId)
  const load = useAppStore((s) => s.loadConversations)
  const open = useAppStore((s) => s.openConversation)
  const rename = useAppStore((s) => s.renameConversation)
  const remove = useAppStore((s) => s.deleteConversation)
  const exportConversation = useAppStore((s) => s.exportConversation)
  const newConversation = useAppStore((s) => s.newConversation)
  const notify = useAppStore((s) => s.notify)
  const agents = useAppStore((s) => s.catalog.agents)
  const modelLabel = (model: string | null) => (model ? (agents.find((a) => a.id === model)?.name ?? model) : null)
  const [query, setQuery] = useState(state.query)
  const ref = useDrawerFocus<HTMLElement>(drawer)

  useEffect(() => {
    const t = setTimeout(() => void load(query), query === state.query && state.status !== 'idle' ? 0 : 200)
    return () => clearTimeout(t)
  }, [query])

  const act = (fn: () => Promise<unknown>, done?: string) => fn().then(() => done && notify(done, 'success'), (e: unknown) => notify(messageOf(e), 'error'))

  return (
    <aside ref={ref} className={`conversations${drawer ? ' drawer drawer-left' : ''}`} aria-label="Conversations">
      <div className="conversations-head">
        <h2>Conversations</h2>
        <Button size="sm" variant="ghost" icon="plus" aria-label="New conversation" onClick={() => (newConversation(), drawer && onClose())} />
        {drawer && <Button size="sm" variant="ghost" icon="close" aria-label="Close conversations" onClick={onClose} />}
      </div>
      <div className="search-box">
        <Icon name="search" size={14} />
        <input className="input input-sm" type="search" aria-label="Search conversations" placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <div className="conversations-list">
        {state.status === 'loading' && !state.list.length ? (
          <SkeletonRows rows={5} label="Loading conversations" />
        ) : state.status === 'error' ? (
          <ErrorBanner onRetry={() => void load()}>{state.error}</ErrorBanner>
        ) : state.status === 'missing' ? (
          <p className="muted small pad">This gateway does not keep conversations.</p>
        ) : state.list.length === 0 ? (
          <p className="muted small pad">{state.query ? `Nothing matches “${state.query}”.` : 'Conversations are saved here after each answer.'}</p>
        ) : (
          <ul>
            {state.list.map((c) => (
              <ConversationRow
                key={c.id}
                conversation={c}
                modelLabel={modelLabel(c.model)}
                current={c.id === currentId}
                onOpen={() => act(() => open(c.id)).then(() => drawer && onClose())}
                onRename={(title) => act(() => rename(c.id, title), 'Renamed')}
                onDelete={() => act(() => remove(c.id), 'Deleted')}
                onExport={(format) => act(async () => {
                  const { fileName, text } = await exportConversation(c.id, format)
                  downloadFile(fileName, text, format === 'json' ? 'application/json' : 'text/markdown')
                })}
              />
            ))}
          </ul>
        )}
      </div>
    </aside>
  )
}
