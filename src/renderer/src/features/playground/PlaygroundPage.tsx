import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react'
import { defaultModel } from '../../lib/model-options'
import { useAppStore } from '../../stores/app-store'
import { NARROW } from '../../lib/breakpoints'
import { useMediaQuery } from '../../lib/use-media-query'
import { ChatView } from './ChatView'
import { ConversationSidebar } from './ConversationSidebar'
import { PlaygroundHeader } from './PlaygroundHeader'
import { SettingsPanel } from './SettingsPanel'
import { useModelOptions } from './use-model-options'
import { usePlaygroundShortcuts } from './use-playground-shortcuts'

// Loaded when opened (the code snippets and the agent form): the first page stays small.
const ViewCodeDialog = lazy(() => import('./ViewCodeDialog').then((m) => ({ default: m.ViewCodeDialog })))
const SaveAgentDialog = lazy(() => import('./SaveAgentDialog').then((m) => ({ default: m.SaveAgentDialog })))
// Loaded when the Compare tab is first opened: the playground opens on the chat.
const CompareView = lazy(() => import('./CompareView').then((m) => ({ default: m.CompareView })))

/**
 * The playground: conversations on the left, the chat (or compare) in the middle, request settings on
 * the right. Both side panels fold away at any width; below ~1000 px they are drawers over the chat.
 * With no chat model to talk to, the middle shows `welcome`: the shell passes the ways to get one.
 */
export function PlaygroundPage({ welcome }: { welcome: ReactNode }) {
  const mode = useAppStore((s) => s.playgroundMode)
  const running = useAppStore((s) => (s.playgroundMode === 'chat' ? s.run.status === 'running' : s.compare.running))
  const sendComposer = useAppStore((s) => s.sendComposer)
  const stop = useAppStore((s) => s.stop)
  const runCompare = useAppStore((s) => s.runCompare)
  const stopCompare = useAppStore((s) => s.stopCompare)
  const model = useAppStore((s) => s.playground.model)
  const setModel = useAppStore((s) => s.setModel)
  const lastModel = useAppStore((s) => s.lastModel)
  const catalogReady = useAppStore((s) => s.catalog.status === 'ready')
  const options = useModelOptions()
  const narrow = useMediaQuery(NARROW)
  const [dialog, setDialog] = useState<'code' | 'agent' | null>(null)
  // Small windows start with both panels folded (their toggles bring them back).
  const [sidebar, setSidebar] = useState(() => window.innerWidth >= 1180)
  const [panel, setPanel] = useState(() => window.innerWidth >= 1000)
  useEffect(() => {
    if (!narrow) return
    setSidebar(false)
    setPanel(false)
  }, [narrow])

  useEffect(() => {
    const start = model ? null : defaultModel(options, lastModel)
    if (start) setModel(start)
  }, [model, options, lastModel, setModel])

  const onSend = useCallback(() => void (mode === 'chat' ? sendComposer() : runCompare()), [mode, sendComposer, runCompare])
  const onStop = useCallback(() => (mode === 'chat' ? stop() : stopCompare()), [mode, stop, stopCompare])
  const drawerOpen = narrow && (sidebar || panel)
  usePlaygroundShortcuts({ onSend: dialog || drawerOpen ? () => undefined : onSend, onStop, running })
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return
      setSidebar(false)
      setPanel(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [drawerOpen])

  const onboarding = catalogReady && options.length === 0
  const layout = ['playground', sidebar && !narrow ? 'with-sidebar' : '', panel && !narrow ? 'with-panel' : '', narrow ? 'playground-narrow' : ''].filter(Boolean).join(' ')
  return (
    <div className={layout}>
      {sidebar && <ConversationSidebar drawer={narrow} onClose={() => setSidebar(false)} />}
      <section className="pg-center" aria-label="Playground">
        <PlaygroundHeader
          sidebarOpen={sidebar}
          panelOpen={panel}
          onViewCode={() => setDialog('code')}
          onSaveAgent={() => setDialog('agent')}
          onToggleSidebar={() => (setSidebar((v) => !v), narrow && setPanel(false))}
          onTogglePanel={() => (setPanel((v) => !v), narrow && setSidebar(false))}
        />
        <div className="pg-mode-panel" role="tabpanel" id="pg-mode-panel" aria-labelledby={`pg-mode-tab-${mode}`}>
          {onboarding ? welcome : mode === 'chat' ? <ChatView /> : <Suspense fallback={null}><CompareView /></Suspense>}
        </div>
      </section>
      {panel && <SettingsPanel drawer={narrow} onClose={() => setPanel(false)} />}
      {drawerOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => (setSidebar(false), setPanel(false))} />}
      <Suspense fallback={null}>
        {dialog === 'code' && <ViewCodeDialog onClose={() => setDialog(null)} />}
        {dialog === 'agent' && <SaveAgentDialog onClose={() => setDialog(null)} />}
      </Suspense>
    </div>
  )
}
