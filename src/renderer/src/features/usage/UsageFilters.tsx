import { useState } from 'react'
import type { UsageFilters as Filters } from '../../api/usage-api'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { useAppStore } from '../../stores/app-store'

const ENDPOINTS = ['chat.completions', 'messages', 'audio.speech', 'audio.transcriptions', 'audio.translations'] as const

const toSeconds = (date: string, endOfDay: boolean) => (date ? Math.floor(new Date(`${date}T${endOfDay ? '23:59:59' : '00:00:00'}`).getTime() / 1000) + (endOfDay ? 1 : 0) : undefined)

/** `tag=value, other=value` as metadata pairs; null when it does not read that way. */
export function parseTags(text: string): Record<string, string> | null {
  const pairs: Record<string, string> = {}
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([^=]+)=(.*)$/.exec(part)
    if (!m) return null
    pairs[m[1]!.trim()] = m[2]!.trim()
  }
  return pairs
}

/** One filter as a select: "any" first, then the choices as [value, label]. */
function FilterChoice({ label, value, onChange, any, options }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void; any: string; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Field label={label}>
      {(c) => (
        <select {...c} className="input input-sm" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{any}</option>
          {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      )}
    </Field>
  )
}

/** The log's and the charts' filters: status, model, team, key, endpoint, metadata tags, date range. */
export function UsageFilters() {
  const load = useAppStore((s) => s.loadUsage)
  const models = useAppStore((s) => s.catalog.models)
  const teams = useAppStore((s) => s.catalog.teams)
  const keys = useAppStore((s) => s.keys.list)
  const [tags, setTags] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const current = useAppStore((s) => s.usage.filters)
  const tagPairs = parseTags(tags)
  const set = (f: Filters) => void load(f)

  return (
    <form className="usage-filters" aria-label="Usage filters" onSubmit={(e) => (e.preventDefault(), tagPairs && set({ metadata: tagPairs, from: toSeconds(from, false), to: toSeconds(to, true) }))}>
      <FilterChoice label="Status" value={current.status} onChange={(status) => set({ status })} any="Any" options={[['ok', 'Succeeded'], ['error', 'Failed'], ['429', '429 rate limited'], ['402', '402 out of credits']]} />
      <FilterChoice label="Model" value={current.model} onChange={(model) => set({ model })} any="All models" options={models.map((m) => [m.name, m.name])} />
      <FilterChoice label="Team" value={current.team_id} onChange={(team_id) => set({ team_id })} any="All teams" options={teams.map((t) => [t.id, t.name])} />
      <FilterChoice label="Key" value={current.key_id} onChange={(key_id) => set({ key_id })} any="All keys" options={keys.map((k) => [k.id, k.name ? `${k.name} (${k.hint})` : k.hint])} />
      <FilterChoice label="Endpoint" value={current.endpoint} onChange={(endpoint) => set({ endpoint })} any="All endpoints" options={ENDPOINTS.map((x) => [x, x])} />
      <Field label="Tags" error={tagPairs ? undefined : 'Write tag=value pairs, separated by commas.'}>
        {(c) => <input {...c} className="input input-sm" placeholder="project=harbour" value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      <Field label="From">{(c) => <input {...c} type="date" className="input input-sm" value={from} onChange={(e) => setFrom(e.target.value)} />}</Field>
      <Field label="To">{(c) => <input {...c} type="date" className="input input-sm" value={to} onChange={(e) => setTo(e.target.value)} />}</Field>
      <Button type="submit" size="sm" disabled={!tagPairs}>Apply</Button>
    </form>
  )
}
