import { useEffect, useMemo } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { JsonEditor } from '../../components/JsonEditor'
import { attachedCollection, hasWebSearch, withCollection, withWebSearch } from '../../lib/gateway-tools'
import { parseJsonText } from '../../lib/json-text'
import { EXAMPLE_FUNCTION, parseTools, toolChoiceError } from '../../lib/tools-json'
import { useAppStore } from '../../stores/app-store'
import { McpToolsPanel } from './McpToolsPanel'

/** Tool definitions (spec 2.4) as JSON, and which tool the model must or may call. */
export function ToolsSection() {
  const text = useAppStore((s) => s.playground.toolsText)
  const choice = useAppStore((s) => s.playground.toolChoice)
  const setText = useAppStore((s) => s.setToolsText)
  const setChoice = useAppStore((s) => s.setToolChoice)
  const collections = useAppStore((s) => s.collections.list)
  const collectionsStatus = useAppStore((s) => s.collections.status)
  const loadCollections = useAppStore((s) => s.loadCollections)
  useEffect(() => {
    if (collectionsStatus === 'idle') void loadCollections()
  }, [collectionsStatus, loadCollections])
  const parsed = useMemo(() => parseTools(text), [text])
  const editable = text.trim() === '' || parsed.ok
  const attached = attachedCollection(text)
  const apply = (next: string | null) => next !== null && setText(next)
  const names = parsed.ok ? parsed.functionNames : []
  const addExample = () => {
    const current = text.trim() ? parseJsonText(text) : { ok: true as const, value: [] }
    const list = current.ok && Array.isArray(current.value) ? current.value : []
    const taken = new Set(list.map((t: { function?: { name?: string } }) => t?.function?.name))
    let name = EXAMPLE_FUNCTION.function.name
    for (let i = 2; taken.has(name); i++) name = `${EXAMPLE_FUNCTION.function.name}_${i}`
    setText(JSON.stringify([...list, { ...EXAMPLE_FUNCTION, function: { ...EXAMPLE_FUNCTION.function, name } }], null, 2))
  }
  return (
    <div className="tools-section">
      <fieldset className="gateway-tools">
        <legend className="field-label">Tools the gateway runs</legend>
        <label className="checkbox">
          <input type="checkbox" checked={hasWebSearch(text)} disabled={!editable} onChange={(e) => apply(withWebSearch(text, e.target.checked))} /> Search the web
        </label>
        <Field label="Answer from a collection" hint={collections.length ? 'its documents are searched for each question' : 'make one on the Collections page'}>
          {(control) => (
            <select {...control} className="input input-sm" value={attached ?? ''} disabled={!editable || (!collections.length && !attached)} onChange={(e) => apply(withCollection(text, e.target.value || null))}>
              <option value="">None</option>
              {collections.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              {attached && !collections.some((c) => c.id === attached) && <option value={attached}>{attached} (missing)</option>}
            </select>
          )}
        </Field>
      </fieldset>
      <McpToolsPanel />
      <JsonEditor
        label="Tools"
        value={text}
        onChange={setText}
        rows={14}
        hint={parsed.ok ? `${parsed.tools.length} tool${parsed.tools.length === 1 ? '' : 's'} · up to 128 · function names a-z, 0-9, _ or -` : undefined}
        error={parsed.ok ? undefined : parsed.message}
        placeholder='[{"type": "function", "function": {"name": "get_weather", "parameters": {…}}}]'
        actions={<Button size="sm" variant="ghost" icon="plus" onClick={addExample}>Function</Button>}
      />
      <Field label="Tool choice" hint="default: auto with tools, none without" error={toolChoiceError(choice, names, parsed.ok ? parsed.tools.length : 0)}>
        {(control) => (
          <select {...control} className="input input-sm" value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">Default</option>
            <option value="auto">auto</option>
            <option value="none">none</option>
            <option value="required">required</option>
            {names.map((n) => <option key={n} value={`fn:${n}`}>function: {n}</option>)}
            {choice.startsWith('fn:') && !names.includes(choice.slice(3)) && <option value={choice}>function: {choice.slice(3)} (missing)</option>}
          </select>
        )}
      </Field>
      <p className="muted small">When the model calls a tool, its call shows as a card in the conversation: write the result there and the conversation runs on.</p>
    </div>
  )
}
