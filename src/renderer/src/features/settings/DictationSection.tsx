import { useEffect, useMemo, useState } from 'react'
import type { DictationSettings } from '../../../../preload/api'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { acceleratorFor, describeAccelerator } from '../../lib/audio/shortcut-keys'
import { LANGUAGES } from '../../lib/audio/languages'
import { useAppStore } from '../../stores/app-store'

/**
 * Dictation (the desktop window only: a browser cannot hold a global shortcut): a key combination that,
 * in any app, records speech and types its transcript there. Off until turned on here.
 */
export function DictationSection() {
  const desktop = window.gatehouse
  const isMac = /Mac/.test(navigator.platform)
  const catalog = useAppStore((s) => s.catalog.models)
  const models = useMemo(() => catalog.filter((m) => m.kind === 'transcription').map((m) => m.name), [catalog])
  const [draft, setDraft] = useState<DictationSettings | null>(null)
  const [saved, setSaved] = useState<DictationSettings | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [capturing, setCapturing] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void desktop?.dictationSettings().then((s) => {
      setSaved(s)
      setDraft(s)
    })
  }, [desktop])
  if (!desktop || !draft) return null

  const set = (patch: Partial<DictationSettings>) => setDraft({ ...draft, ...patch })
  const save = async () => {
    setBusy(true)
    setError(undefined)
    const result = await desktop.setDictationSettings(draft).finally(() => setBusy(false))
    if (result.ok) setSaved(draft)
    else setError(result.message)
  }
  const changed = JSON.stringify(draft) !== JSON.stringify(saved)

  return (
    <section className="settings-section">
      <h2 className="section-title">Dictation</h2>
      <p className="small muted">Speak in any app: press the shortcut, talk, and the words are typed where the cursor is (through the clipboard, which is given back afterwards).</p>
      <form className="stack" onSubmit={(e) => (e.preventDefault(), void save())}>
        <label className="checkbox">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          Dictate with a global shortcut
        </label>
        <div className="form-row">
          <Field label="Shortcut" hint={capturing ? 'Press the key combination (with Ctrl, Alt or Shift)…' : 'Click, then press the keys'} error={error?.startsWith('dictation.shortcut') ? error : undefined}>
            {(control) => (
              <input
                {...control}
                className="input input-sm mono"
                readOnly
                disabled={!draft.enabled}
                value={describeAccelerator(draft.shortcut, isMac)}
                onFocus={() => setCapturing(true)}
                onBlur={() => setCapturing(false)}
                onKeyDown={(e) => {
                  if (e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) return
                  e.preventDefault()
                  const accelerator = acceleratorFor(e)
                  if (accelerator) set({ shortcut: accelerator })
                }}
              />
            )}
          </Field>
          {isMac ? (
            <p className="small muted">On macOS a global shortcut reports its press but not its release: dictation starts with one press and stops with the next.</p>
          ) : (
            <fieldset className="radio-group" disabled={!draft.enabled}>
              <legend className="field-label">Records</legend>
              <label className="radio">
                <input type="radio" name="dictation-mode" checked={draft.mode === 'hold'} onChange={() => set({ mode: 'hold' })} />
                while the keys are held
              </label>
              <label className="radio">
                <input type="radio" name="dictation-mode" checked={draft.mode === 'toggle'} onChange={() => set({ mode: 'toggle' })} />
                from one press to the next
              </label>
            </fieldset>
          )}
        </div>
        <div className="form-row">
          <Field label="Dictation model" hint={models.length ? undefined : 'No speech-to-text model is set up: add a whisper model under Local models.'}>
            {(control) => (
              <select {...control} className="input input-sm" value={draft.model} disabled={!draft.enabled} onChange={(e) => set({ model: e.target.value })}>
                <option value="">{models[0] ? `First available (${models[0]})` : 'First available'}</option>
                {models.map((m) => <option key={m}>{m}</option>)}
              </select>
            )}
          </Field>
          <Field label="Dictation language">
            {(control) => (
              <select {...control} className="input input-sm" value={draft.language} disabled={!draft.enabled} onChange={(e) => set({ language: e.target.value })}>
                {LANGUAGES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
              </select>
            )}
          </Field>
        </div>
        {error && !error.startsWith('dictation.shortcut') && <p className="field-error">{error}</p>}
        <div>
          <Button type="submit" size="sm" disabled={!changed || busy}>{busy ? 'Saving…' : 'Save dictation'}</Button>
        </div>
      </form>
    </section>
  )
}
