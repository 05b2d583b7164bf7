import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import type { ParamSpec } from '../../lib/chat-params'

const DEFAULT_POSITION: Record<string, number> = { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0 }

/** One request parameter: the right control for its kind, its range as the hint, its error in place of the hint. */
export function ParamField({ spec, value, error, disabled, onChange }: { spec: ParamSpec; value: string; error?: string; disabled?: boolean; onChange: (v: string) => void }) {
  const isSet = value.trim() !== ''
  const reset = isSet && spec.kind !== 'switch' ? (
    <Button size="sm" variant="ghost" icon="close" aria-label={`Reset ${spec.label} to the default`} onClick={() => onChange('')} />
  ) : null
  return (
    <Field label={spec.label} hint={spec.hint} error={error} className={`param param-${spec.kind}${disabled ? ' param-disabled' : ''}`} trailing={reset}>
      {(control) => {
        switch (spec.kind) {
          case 'number': {
            const n = Number(value)
            const pos = isSet && Number.isFinite(n) ? n : DEFAULT_POSITION[spec.name] ?? spec.min ?? 0
            return (
              <div className="param-number-row">
                <input type="range" className={`range${isSet ? '' : ' range-unset'}`} aria-label={`${spec.label} slider`} min={spec.min} max={spec.max} step={spec.step} value={pos} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
                <input {...control} className="input input-sm mono param-number-input" inputMode="decimal" placeholder="default" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
              </div>
            )
          }
          case 'integer':
            return <input {...control} className="input input-sm mono" inputMode="numeric" placeholder="default" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
          case 'switch':
          case 'enum':
            return (
              <select {...control} className="input input-sm" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
                <option value="">Default</option>
                {spec.options!.map((o) => (
                  <option key={o} value={o}>{spec.kind === 'switch' ? (o === 'true' ? 'On' : 'Off') : o.replace(',', ' + ')}</option>
                ))}
              </select>
            )
          case 'lines':
          case 'json':
            return <textarea {...control} className="input input-sm mono" rows={2} spellCheck={false} placeholder={spec.kind === 'json' ? '{}' : ''} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
          case 'text':
            return <input {...control} className="input input-sm" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
        }
      }}
    </Field>
  )
}
