import { useCallback, useEffect, useState } from 'react'
import { useAppStore } from '../../stores/app-store'
import { ChatView } from './ChatView'
import { CompareView } from './CompareView'
import { ConversationSidebar } from './ConversationSidebar'
import { PlaygroundHeader } from './PlaygroundHeader'
import { SaveAgentDialog } from './SaveAgentDialog'
import { SettingsPanel } from './SettingsPanel'
import { useModelOptions } from './use-model-options'
import { usePlaygroundShortcuts } from './use-playground-shortcuts'
import { ViewCodeDialog } from './ViewCodeDialog'

/** The playground: conversations on the left, the chat (or compare) in the middle, request settings on the right. */
export function PlaygroundPage() {
  const mode = useAppStore((s) => s.playgroundMode)
  const running = useAppStore((s) => (s.playgroundMode === 'chat' ? s.run.status === 'running' : s.compare.running))
  const sendComposer = useAppStore((s) => s.sendComposer)
  const stop = useAppStore((s) => s.stop)
  const runCompare = useAppStore((s) => s.runCompare)
  const stopCompare = useAppStore((s) => s.stopCompare)
  const model = useAppStore((s) => s.playground.model)
  const setModel = useAppStore((s) => s.setModel)
  const options = useModelOptions()
  const [dialog, setDialog] = useState<'code' | 'agent' | null>(null)
  // Small windows start with the conversations hidden (the toggle brings them back).
  const [sidebar, setSidebar] = useState(() => window.innerWidth >= 1180)

  useEffect(() => {
    const first = options.find((o) => !o.disabledReason)
    if (!model && first) setModel(first.value)
  }, [model, options, setModel])

  const onSend = useCallback(() => void (mode === 'chat' ? sendComposer() : runCompare()), [mode, sendComposer, runCompare])
  const onStop = useCallback(() => (mode === 'chat' ? stop() : stopCompare()), [mode, stop, stopCompare])
  usePlaygroundShortcuts({ onSend: dialog ? () => undefined : onSend, onStop, running })

  return (
    <div className={`playground${sidebar ? '' : ' playground-no-sidebar'}`}>
      {sidebar && <ConversationSidebar />}
      <section className="pg-center" aria-label="Playground">
        <PlaygroundHeader onViewCode={() => setDialog('code')} onSaveAgent={() => setDialog('agent')} onToggleSidebar={() => setSidebar((v) => !v)} />
        <div className="pg-mode-panel" role="tabpanel" id="pg-mode-panel" aria-labelledby={`pg-mode-tab-${mode}`}>
          {mode === 'chat' ? <ChatView /> : <CompareView />}
        </div>
      </section>
      <SettingsPanel />
      {dialog === 'code' && <ViewCodeDialog onClose={() => setDialog(null)} />}
      {dialog === 'agent' && <SaveAgentDialog onClose={() => setDialog(null)} />}
    </div>
  )
}
