import { useEffect, type CSSProperties } from 'react'
import { Button } from '../../components/Button'
import { ErrorBanner } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { compareStartModels, MAX_COMPARE_COLUMNS } from '../../stores/compare-slice'
import { SEND_KEYS } from '../../lib/send-keys'
import { CompareColumnView } from './CompareColumnView'
import { useModelOptions } from './use-model-options'

/** Compare: the conversation so far plus one prompt, sent to two to four models at once, answers side by side. */
export function CompareView() {
  const compare = useAppStore((s) => s.compare)
  const history = useAppStore((s) => s.playground.messages.filter((m) => !m.pending).length)
  const setPrompt = useAppStore((s) => s.setComparePrompt)
  const runCompare = useAppStore((s) => s.runCompare)
  const stopCompare = useAppStore((s) => s.stopCompare)
  const addColumn = useAppStore((s) => s.addCompareColumn)
  const setModel = useAppStore((s) => s.setCompareModel)
  const chatModel = useAppStore((s) => s.playground.model)
  const options = useModelOptions()

  // Empty columns start on the chat's model, then on models no column shows yet.
  useEffect(() => {
    const free = compareStartModels(compare.columns, chatModel, options.map((o) => o.value))
    for (const c of compare.columns) {
      const next = c.model ? undefined : free.shift()
      if (next) setModel(c.id, next)
    }
  }, [compare.columns, chatModel, options, setModel])

  return (
    <div className="compare">
      <div className="compare-columns" style={{ '--cols': compare.columns.length } as CSSProperties}>
        {compare.columns.map((c, i) => <CompareColumnView key={c.id} column={c} index={i} options={options} canRemove={compare.columns.length > 2} />)}
      </div>
      {compare.error && <ErrorBanner>{compare.error}</ErrorBanner>}
      <form className="composer" aria-label="Compare prompt" onSubmit={(e) => (e.preventDefault(), void runCompare())}>
        <textarea className="composer-input" aria-label="Prompt for every model" rows={2} placeholder="Prompt sent to every model…" value={compare.prompt} onChange={(e) => setPrompt(e.target.value)} />
        <div className="composer-bar">
          <span className="composer-hint">{`${SEND_KEYS} · `}{history ? `after the ${history} message${history > 1 ? 's' : ''} of the chat, with its system prompt and parameters` : 'with the chat’s system prompt and parameters'}</span>
          <Button size="sm" variant="ghost" icon="plus" disabled={compare.columns.length >= MAX_COMPARE_COLUMNS || compare.running} onClick={addColumn}>Model</Button>
          {compare.running ? (
            <Button key="stop" variant="danger" icon="stop" onClick={stopCompare}>Stop</Button>
          ) : (
            <Button key="run" type="submit" variant="primary" icon="send">Run all</Button>
          )}
        </div>
      </form>
    </div>
  )
}
