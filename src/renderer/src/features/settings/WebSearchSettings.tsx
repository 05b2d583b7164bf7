import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner, Notice } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import type { WebSearchSettingsInfo, WebSearchSettingsInput } from '../../../../shared/tools-wire'

type Draft = { searxng_url: string; brave_api_key: string; timeout_seconds: string; max_results: string; allow_private_addresses: boolean }

const draftOf = (v: WebSearchSettingsInfo): Draft => ({ searxng_url: v.searxng_url ?? '', brave_api_key: '', timeout_seconds: String(v.timeout_seconds), max_results: String(v.max_results), allow_private_addresses: v.allow_private_addresses })

/** The engines and limits of the web_search tool (`tools.web_search`); fields the config file sets are shown, not editable. */
export function WebSearchSettings() {
  const settings = useAppStore((s) => s.webSearchSettings)
  const load = useAppStore((s) => s.loadWebSearchSettings)
  const save = useAppStore((s) => s.saveWebSearchSettings)
  const notify = useAppStore((s) => s.notify)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [error, setError] = useState<string>()
  useEffect(() => void load(), [load])
  useEffect(() => setDraft(settings.value ? draftOf(settings.value) : null), [settings.value])

  if (settings.status === 'missing') return <Notice>This gateway does not run web search itself.</Notice>
  if (settings.status === 'error') return <ErrorBanner onRetry={() => void load()}>{settings.error}</ErrorBanner>
  const v = settings.value
  if (!v || !draft) return null
  const locked = (field: string) => v.from_config.includes(field)
  const lockHint = 'set in the config file'

  async function onSave() {
    const input: WebSearchSettingsInput = {}
    if (!locked('searxng_url')) input.searxng_url = draft!.searxng_url.trim() || null
    if (!locked('brave_api_key') && draft!.brave_api_key.trim()) input.brave_api_key = draft!.brave_api_key.trim()
    if (!locked('timeout_seconds')) input.timeout_seconds = Number(draft!.timeout_seconds) || null
    if (!locked('max_results')) input.max_results = Number(draft!.max_results) || null
    if (!locked('allow_private_addresses')) input.allow_private_addresses = draft!.allow_private_addresses
    setError(undefined)
    try {
      await save(input)
      notify('Web search settings saved.', 'success')
    } catch (e) {
      setError(messageOf(e))
    }
  }

  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })
  return (
    <form className="stack" onSubmit={(e) => (e.preventDefault(), void onSave())} aria-label="Web search settings">
      <Field label="SearXNG instance URL" hint={locked('searxng_url') ? lockHint : 'for searxng_search, e.g. http://127.0.0.1:8888'}>
        {(control) => <input {...control} className="input input-sm" type="url" value={draft.searxng_url} disabled={locked('searxng_url')} onChange={(e) => set({ searxng_url: e.target.value })} />}
      </Field>
      <Field label="Brave Search API key" hint={locked('brave_api_key') ? lockHint : v.has_brave_api_key ? `a key is set${v.brave_api_key_env ? ` (from $${v.brave_api_key_env})` : ''}; type a new one to replace it, or env:NAME` : 'for brave_search: the key, or env:NAME'}>
        {(control) => <input {...control} className="input input-sm mono" type="password" autoComplete="off" value={draft.brave_api_key} disabled={locked('brave_api_key')} onChange={(e) => set({ brave_api_key: e.target.value })} />}
      </Field>
      <Field label="Timeout (seconds)" hint={locked('timeout_seconds') ? lockHint : 'per search and per page fetch'}>
        {(control) => <input {...control} className="input input-sm" type="number" min={1} max={300} value={draft.timeout_seconds} disabled={locked('timeout_seconds')} onChange={(e) => set({ timeout_seconds: e.target.value })} />}
      </Field>
      <Field label="Results at most" hint={locked('max_results') ? lockHint : '1 to 20; search_context_size picks within it'}>
        {(control) => <input {...control} className="input input-sm" type="number" min={1} max={20} value={draft.max_results} disabled={locked('max_results')} onChange={(e) => set({ max_results: e.target.value })} />}
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.allow_private_addresses} disabled={locked('allow_private_addresses')} onChange={(e) => set({ allow_private_addresses: e.target.checked })} />
        Allow fetching pages on loopback, private and link-local addresses (off protects this machine's network)
      </label>
      {error && <ErrorBanner onDismiss={() => setError(undefined)}>{error}</ErrorBanner>}
      <div><Button type="submit" size="sm" variant="primary">Save web search settings</Button></div>
    </form>
  )
}
