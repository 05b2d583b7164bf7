import { useEffect, useState } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { ErrorBanner } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import type { OllamaKeylessSettings } from '../../../../shared/ollama-wire'

/** Lets tools on this machine that cannot send a key use the Ollama API (/api/*) as one team, under a credit ceiling. Off by default. */
export function OllamaKeylessSection() {
  const api = useAppStore((s) => s.ollamaSettingsApi)
  const teams = useAppStore((s) => s.catalog.teams)
  const loadCatalog = useAppStore((s) => s.loadCatalog)
  const notify = useAppStore((s) => s.notify)
  const [draft, setDraft] = useState<OllamaKeylessSettings | null>(null)
  const [error, setError] = useState<string>()
  useEffect(() => {
    void loadCatalog()
    api.ollamaKeyless().then(setDraft, (e: unknown) => setError(messageOf(e)))
  }, [api, loadCatalog])

  const save = async () => {
    setError(undefined)
    try {
      setDraft(await api.setOllamaKeyless(draft!))
      notify('Ollama keyless access saved.', 'success')
    } catch (e) {
      setError(messageOf(e))
    }
  }
  return (
    <section className="settings-section" aria-labelledby="ollama-keyless-title">
      <h2 className="section-title" id="ollama-keyless-title">Ollama keyless access</h2>
      <p className="muted">The Ollama API (<code>/api/chat</code>, <code>/api/tags</code>, ...) needs an API key. Tools on this computer that cannot send one may use it as one team, up to a credit ceiling.</p>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      {draft && (
        <form className="stack" aria-label="Ollama keyless access" onSubmit={(e) => (e.preventDefault(), void save())}>
          <label><input type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} /> Allow keyless requests from this computer</label>
          <Field label="Act as team">
            {(control) => (
              <select {...control} className="input input-sm" value={draft.team ?? ''} onChange={(e) => setDraft({ ...draft, team: e.target.value || null })}>
                <option value="">Choose a team</option>
                {teams.map((t) => <option key={t.id} value={t.name}>{t.name}</option>)}
              </select>
            )}
          </Field>
          <Field label="Credit ceiling" hint="what keyless requests may spend in all">
            {(control) => <input {...control} className="input input-sm" type="number" min={0} step="any" value={draft.creditCeiling} onChange={(e) => setDraft({ ...draft, creditCeiling: Number(e.target.value) })} />}
          </Field>
          <Button type="submit" size="sm">Save</Button>
        </form>
      )}
    </section>
  )
}
