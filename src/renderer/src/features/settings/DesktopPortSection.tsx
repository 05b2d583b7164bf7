import { useEffect, useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'

/**
 * The desktop app's gateway port (the desktop window only: web mode has no such setting). Saving
 * restarts the gateway on the new port; a taken port is refused with a free one to switch to.
 */
export function DesktopPortSection() {
  const desktop = window.gatehouse
  const [port, setPort] = useState('')
  const [saved, setSaved] = useState<number | null>(null)
  const [error, setError] = useState<string | undefined>()
  const [suggested, setSuggested] = useState<number | undefined>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void desktop?.gatewaySettings().then((s) => {
      setSaved(s.port)
      setPort(String(s.port))
    })
  }, [desktop])
  if (!desktop) return null

  const save = async (value: number) => {
    setBusy(true)
    setError(undefined)
    setSuggested(undefined)
    const result = await desktop.setGatewayPort(value).finally(() => setBusy(false))
    if (result.ok) {
      setSaved(value)
      setPort(String(value))
    } else {
      setError(result.message)
      setSuggested(result.suggestedPort)
    }
  }
  const typed = Number(port)
  const valid = Number.isInteger(typed) && typed >= 1024 && typed <= 65535

  return (
    <section className="settings-section">
      <h2 className="section-title">Desktop gateway</h2>
      <form className="inline-form" onSubmit={(e) => (e.preventDefault(), valid && void save(typed))}>
        <Field label="Port" hint={saved === null ? undefined : `now ${saved}; 1024 to 65535`} error={port && !valid ? 'Give a whole number from 1024 to 65535.' : error}>
          {(control) => <input {...control} className="input input-sm mono" inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value.trim())} />}
        </Field>
        <Button type="submit" size="sm" disabled={!valid || busy || typed === saved}>{busy ? 'Restarting…' : 'Save and restart'}</Button>
        {suggested !== undefined && (
          <Button size="sm" variant="ghost" onClick={() => void save(suggested)}>Use {suggested} instead</Button>
        )}
      </form>
    </section>
  )
}
