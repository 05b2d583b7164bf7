import { Field } from '../../components/Field'
import { JsonEditor } from '../../components/JsonEditor'
import { Notice } from '../../components/States'
import { responseFormatBody, type ResponseFormatKind } from '../../lib/response-format'
import { useAppStore } from '../../stores/app-store'

const KINDS: { id: ResponseFormatKind; label: string; help: string }[] = [
  { id: 'text', label: 'Text', help: 'No response_format.' },
  { id: 'json_object', label: 'JSON mode', help: 'Any JSON object.' },
  { id: 'json_schema', label: 'JSON schema', help: 'Structured output that follows a schema.' },
]

/** Structured output: `response_format` with a JSON schema editor; answers then show their parsed result. */
export function FormatSection() {
  const rf = useAppStore((s) => s.playground.responseFormat)
  const set = useAppStore((s) => s.setResponseFormat)
  const check = responseFormatBody(rf)
  const err = (field: 'name' | 'schema') => (!check.ok && check.field === field ? check.message : undefined)
  return (
    <div className="format-section">
      <fieldset className="segmented">
        <legend className="field-label">Response format</legend>
        {KINDS.map((k) => (
          <label key={k.id} className={`segment${rf.kind === k.id ? ' segment-on' : ''}`} title={k.help}>
            <input type="radio" name="response-format" value={k.id} checked={rf.kind === k.id} onChange={() => set({ kind: k.id })} />
            {k.label}
          </label>
        ))}
      </fieldset>
      {rf.kind === 'json_object' && <Notice>JSON mode needs the prompt to ask for JSON too; the API refuses the request otherwise on some models.</Notice>}
      {rf.kind === 'json_schema' && (
        <>
          <Field label="Schema name" hint="a-z, A-Z, 0-9, _ or - · up to 64" error={err('name')}>
            {(control) => <input {...control} className="input input-sm mono" value={rf.name} onChange={(e) => set({ name: e.target.value })} />}
          </Field>
          <Field label="Description" hint="optional">
            {(control) => <input {...control} className="input input-sm" value={rf.description} onChange={(e) => set({ description: e.target.value })} />}
          </Field>
          <label className="checkbox">
            <input type="checkbox" checked={rf.strict} onChange={(e) => set({ strict: e.target.checked })} /> Strict (the model must follow the schema exactly)
          </label>
          <JsonEditor label="Schema" value={rf.schemaText} onChange={(schemaText) => set({ schemaText })} rows={14} error={err('schema')} hint="JSON Schema object" />
        </>
      )}
    </div>
  )
}
