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
      <Field label="Status">
        {(c) => (
          <select {...c} className="input input-sm" value={current.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })}>
            <option value="">Any</option>
            <option value="ok">Succeeded</option>
            <option value="error">Failed</option>
            <option value="429">429 rate limited</option>
            <option value="402">402 out of credits</option>
          </select>
        )}
      </Field>
      <Field label="Model">
        {(c) => (
          <select {...c} className="input input-sm" value={current.model ?? ''} onChange={(e) => set({ model: e.target.value || undefined })}>
            <option value="">All models</option>
            {models.map((m) => <option key={m.id} value={m.name}>{m.name}</option>)}
          </select>
        )}
      </Field>
      <Field label="Team">
        {(c) => (
          <select {...c} className="input input-sm" value={current.team_id ?? ''} onChange={(e) => set({ team_id: e.target.value || undefined })}>
            <option value="">All teams</option>
            {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
          </select>
        )}
      </Field>
      <Field label="Key">
        {(c) => (
          <select {...c} className="input input-sm" value={current.key_id ?? ''} onChange={(e) => set({ key_id: e.target.value || undefined })}>
            <option value="">All keys</option>
            {keys.map((k) => <option key={k.id} value={k.id}>{k.name ? `${k.name} (${k.hint})` : k.hint}</option>)}
          </select>
        )}
      </Field>
      <Field label="Endpoint">
        {(c) => (
          <select {...c} className="input input-sm" value={current.endpoint ?? ''} onChange={(e) => set({ endpoint: e.target.value || undefined })}>
            <option value="">All endpoints</option>
            {ENDPOINTS.map((x) => <option key={x}>{x}</option>)}
          </select>
        )}
      </Field>
      <Field label="Tags" error={tagPairs ? undefined : 'Write tag=value pairs, separated by commas.'}>
        {(c) => <input {...c} className="input input-sm" placeholder="project=harbour" value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      <Field label="From">{(c) => <input {...c} type="date" className="input input-sm" value={from} onChange={(e) => setFrom(e.target.value)} />}</Field>
      <Field label="To">{(c) => <input {...c} type="date" className="input input-sm" value={to} onChange={(e) => setTo(e.target.value)} />}</Field>
      <Button type="submit" size="sm" disabled={!tagPairs}>Apply</Button>
    </form>
  )
}
