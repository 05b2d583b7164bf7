import { useMemo } from 'react'
import { Button } from '../../components/Button'
import { PARAM_GROUPS, PARAM_SPECS, validateParams, type ParamName, type ParamValues } from '../../lib/chat-params'
import { ParamField } from './ParamField'

const disabledWhen = (name: ParamName, v: ParamValues) =>
  (name === 'include_usage' && v.stream !== 'true') || ((name === 'audio_voice' || name === 'audio_format') && v.modalities !== 'text,audio')

/** Every parameter of spec 2.1, grouped, each with its range; errors show as you type. */
export function ParamsPanel({ values, onChange, onReset }: { values: ParamValues; onChange: (name: ParamName, value: string) => void; onReset: () => void }) {
  const errors = useMemo(() => validateParams(values), [values])
  return (
    <div className="params-panel">
      {PARAM_GROUPS.map((group) => (
        <details key={group} className="param-group" open={group !== 'Deprecated'}>
          <summary>{group}</summary>
          <div className="param-grid">
            {PARAM_SPECS.filter((s) => s.group === group).map((spec) => (
              <ParamField key={spec.name} spec={spec} value={values[spec.name] ?? ''} error={errors[spec.name]} disabled={disabledWhen(spec.name, values)} onChange={(v) => onChange(spec.name, v)} />
            ))}
          </div>
          {group === 'Deprecated' && <p className="muted small">functions and function_call are written as tools and tool choice (Tools tab).</p>}
        </details>
      ))}
      <div className="row-end">
        <Button size="sm" variant="ghost" onClick={onReset}>Reset all parameters</Button>
      </div>
    </div>
  )
}
