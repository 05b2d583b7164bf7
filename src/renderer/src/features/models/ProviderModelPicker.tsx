import { useMemo, useState } from 'react'
import { Button } from '../../components/Button'
import type { UpstreamModel } from '../../../../shared/admin-wire'
import { MODEL_NAME, modelNameFrom, pricingFrom } from '../../lib/model-forms'

/** One model picked to offer: the upstream id, the name clients will use, prices as typed. */
export interface PickRow {
  upstream: string
  name: string
  input: string
  output: string
}

/** The first problem with the picked rows (names the gateway would refuse, duplicates, prices), or null. */
export function pickProblem(rows: PickRow[], takenNames: Set<string>): string | null {
  const seen = new Set<string>()
  for (const r of rows) {
    if (!MODEL_NAME.test(r.name)) return `“${r.name || r.upstream}”: a name may hold only letters, digits and . _ : / -`
    if (takenNames.has(r.name)) return `“${r.name}” already names a model or agent here: give it another name.`
    if (seen.has(r.name)) return `“${r.name}” is picked twice.`
    seen.add(r.name)
    const p = pricingFrom(r.input, r.output)
    if (!p.ok) return `${r.name}: ${p.message}`
  }
  return null
}

/**
 * The provider's model list with a filter and a checkbox per model, and for each one picked: the name
 * clients will use here and its prices in credits per 1M tokens. Ids can be typed in for providers
 * that list none.
 */
export function ProviderModelPicker({ listed, rows, onChange }: { listed: UpstreamModel[]; rows: PickRow[]; onChange: (rows: PickRow[]) => void }) {
  const [filter, setFilter] = useState('')
  const [typed, setTyped] = useState('')
  const picked = new Set(rows.map((r) => r.upstream))
  const shown = useMemo(() => listed.filter((m) => m.id.toLowerCase().includes(filter.trim().toLowerCase())), [listed, filter])
  const toggle = (id: string, on: boolean) => onChange(on ? [...rows, { upstream: id, name: modelNameFrom(id), input: '', output: '' }] : rows.filter((r) => r.upstream !== id))
  const edit = (upstream: string, patch: Partial<PickRow>) => onChange(rows.map((r) => (r.upstream === upstream ? { ...r, ...patch } : r)))
  return (
    <div className="model-pick">
      {listed.length > 0 && (
        <>
          <div className="model-pick-head">
            <span className="muted small">{listed.length} model{listed.length === 1 ? '' : 's'} listed · {rows.length} picked</span>
            <input className="input input-sm" type="search" aria-label="Filter the listed models" placeholder="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
          <ul className="model-pick-list" aria-label="Listed models">
            {shown.map((m) => (
              <li key={m.id}>
                <label className="checkbox">
                  <input type="checkbox" checked={picked.has(m.id)} onChange={(e) => toggle(m.id, e.target.checked)} />
                  <span className="mono">{m.id}</span>
                  {m.display_name && m.display_name !== m.id && <span className="muted">{m.display_name}</span>}
                </label>
              </li>
            ))}
            {!shown.length && <li className="muted small">Nothing matches “{filter}”.</li>}
          </ul>
        </>
      )}
      <form className="inline-form" onSubmit={(e) => {
        e.preventDefault()
        if (typed.trim() && !picked.has(typed.trim())) toggle(typed.trim(), true)
        setTyped('')
      }}>
        <label className="field">
          <span className="field-label">{listed.length ? 'Or type a model id' : 'Model id at the provider'}</span>
          <input className="input input-sm mono" value={typed} placeholder="e.g. gpt-4o-mini" onChange={(e) => setTyped(e.target.value)} />
        </label>
        <Button type="submit" size="sm" disabled={!typed.trim()}>Add</Button>
      </form>
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table table-compact">
            <caption className="visually-hidden">Models to add</caption>
            <thead><tr><th scope="col">At the provider</th><th scope="col">Name here</th><th scope="col">Input credits / 1M</th><th scope="col">Output credits / 1M</th><th scope="col"><span className="visually-hidden">Remove</span></th></tr></thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.upstream}>
                  <td className="mono small">{r.upstream}</td>
                  <td><input className="input input-sm mono" aria-label={`Name for ${r.upstream}`} value={r.name} onChange={(e) => edit(r.upstream, { name: e.target.value })} /></td>
                  <td><input className="input input-sm price-input" inputMode="decimal" aria-label={`Input price of ${r.upstream}`} value={r.input} placeholder="0" onChange={(e) => edit(r.upstream, { input: e.target.value })} /></td>
                  <td><input className="input input-sm price-input" inputMode="decimal" aria-label={`Output price of ${r.upstream}`} value={r.output} placeholder="0" onChange={(e) => edit(r.upstream, { output: e.target.value })} /></td>
                  <td className="row-actions"><Button size="sm" variant="ghost" icon="close" aria-label={`Remove ${r.upstream}`} onClick={() => toggle(r.upstream, false)} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
