import { lazy, Suspense, useState } from 'react'
import { Tabs } from '../../components/Tabs'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { useAppStore } from '../../stores/app-store'
import { ParamsPanel } from './ParamsPanel'
import { useDrawerFocus } from './use-drawer-focus'

// Loaded when their tab is first opened: the panel opens on Parameters.
const ToolsSection = lazy(() => import('./ToolsSection').then((m) => ({ default: m.ToolsSection })))
const FormatSection = lazy(() => import('./FormatSection').then((m) => ({ default: m.FormatSection })))

type PanelTab = 'params' | 'tools' | 'format'
const TABS = [
  { id: 'params', label: 'Parameters' },
  { id: 'tools', label: 'Tools' },
  { id: 'format', label: 'Output' },
] as const

/** The right-hand panel: who the playground calls as, then parameters, tools and output format. */
export function SettingsPanel({ drawer = false, onClose }: { drawer?: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<PanelTab>('params')
  const params = useAppStore((s) => s.playground.params)
  const setParam = useAppStore((s) => s.setParam)
  const resetParams = useAppStore((s) => s.resetParams)
  const teams = useAppStore((s) => s.catalog.teams)
  const access = useAppStore((s) => s.access)
  const setAccessTeam = useAppStore((s) => s.setAccessTeam)
  const ref = useDrawerFocus<HTMLElement>(drawer)
  const teamId = access.teamId ?? (teams.find((t) => t.name === 'default') ?? teams[0])?.id ?? ''
  return (
    <aside ref={ref} className={`settings-panel${drawer ? ' drawer drawer-right' : ''}`} aria-label="Request settings">
      <div className="settings-panel-top">
        <Button size="sm" variant="ghost" icon="close" aria-label="Hide request settings" className="settings-panel-close" onClick={onClose} />
        {access.own ? (
          <p className="muted small">Calling with your own key {access.hint} (Settings).</p>
        ) : (
          <Field label="Call as team" hint={access.hint ? `key ${access.hint}` : 'a “Playground” key is issued on first send'}>
            {(control) => (
              <select {...control} className="input input-sm" value={teamId} onChange={(e) => setAccessTeam(e.target.value)}>
                {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </select>
            )}
          </Field>
        )}
      </div>
      <Tabs label="Request settings" tabs={TABS} value={tab} onChange={setTab} idPrefix="pg-settings" />
      <div className="settings-panel-body" role="tabpanel" id="pg-settings-panel" aria-labelledby={`pg-settings-tab-${tab}`}>
        {tab === 'params' && <ParamsPanel values={params} onChange={setParam} onReset={resetParams} />}
        <Suspense fallback={null}>
          {tab === 'tools' && <ToolsSection />}
          {tab === 'format' && <FormatSection />}
        </Suspense>
      </div>
    </aside>
  )
}
