import { Button } from '../../components/Button'
import { plainTitle } from '../../../../shared/plain-title'
import { Tabs } from '../../components/Tabs'
import { useAppStore } from '../../stores/app-store'
import { ModelPicker } from './ModelPicker'
import { useModelOptions } from './use-model-options'

const MODES = [
  { id: 'chat', label: 'Chat' },
  { id: 'compare', label: 'Compare' },
] as const

/** Panel toggles, Chat/Compare, the model, and the actions; it wraps onto two rows in narrow windows rather than dropping any. */
export function PlaygroundHeader({ sidebarOpen, panelOpen, onViewCode, onSaveAgent, onToggleSidebar, onTogglePanel }: {
  sidebarOpen: boolean
  panelOpen: boolean
  onViewCode: () => void
  onSaveAgent: () => void
  onToggleSidebar: () => void
  onTogglePanel: () => void
}) {
  const model = useAppStore((s) => s.playground.model)
  const setModel = useAppStore((s) => s.setModel)
  const mode = useAppStore((s) => s.playgroundMode)
  const setMode = useAppStore((s) => s.setPlaygroundMode)
  const newConversation = useAppStore((s) => s.newConversation)
  const options = useModelOptions()
  const conversationTitle = useAppStore((s) => s.conversationTitle)
  return (
    <div className="pg-header">
      {/* The page's heading for screen readers and the outline; the header's controls say the rest visually. */}
      <h1 className="visually-hidden">{conversationTitle ? `Playground: ${plainTitle(conversationTitle)}` : 'Playground'}</h1>
      <Button size="sm" variant="ghost" icon="sidebar" aria-label="Show or hide conversations" aria-expanded={sidebarOpen} onClick={onToggleSidebar} />
      <Tabs label="Playground mode" tabs={MODES} value={mode} onChange={setMode} idPrefix="pg-mode" />
      {mode === 'chat' ? <ModelPicker options={options} value={model} onChange={setModel} /> : <span className="pg-title muted">Same conversation, two to four models, side by side</span>}
      <div className="pg-actions">
        <Button size="sm" icon="code" aria-label="View code" onClick={onViewCode}><span className="label-wide">View code</span></Button>
        <Button size="sm" icon="agent" aria-label="Save as agent" onClick={onSaveAgent}><span className="label-wide">Save as agent</span></Button>
        <Button size="sm" icon="plus" aria-label="New conversation" onClick={newConversation} />
        <Button size="sm" variant={panelOpen ? 'secondary' : 'ghost'} icon="sliders" aria-label="Show or hide request settings" aria-expanded={panelOpen} onClick={onTogglePanel} />
      </div>
    </div>
  )
}
