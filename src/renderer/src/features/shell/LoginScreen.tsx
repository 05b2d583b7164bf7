import { useState } from 'react'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { useAppStore } from '../../stores/app-store'

/** Web mode without a session: the way in is the login URL `npm run serve` prints, or the token pasted here. */
export function LoginScreen() {
  const signIn = useAppStore((s) => s.signIn)
  const [token, setToken] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  return (
    <main className="login">
      <div className="login-card">
        <div className="brand brand-large"><span className="brand-mark" aria-hidden="true">G</span><span className="brand-name">Gatehouse</span></div>
        <h1>Sign in to this gateway</h1>
        <p>
          Open the <strong>login URL</strong> that <code>npm run serve</code> printed when it started
          (<code>http://…/?token=…</code>). It signs this browser in and removes the token from the address bar.
        </p>
        <form
          onSubmit={async (e) => {
            e.preventDefault()
            setBusy(true)
            setError((await signIn(token)) ?? undefined)
            setBusy(false)
          }}
        >
          <Field label="Or paste the admin token" hint="The file admin-token in the gateway's data dir." error={error}>
            {(control) => <input {...control} className="input mono" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />}
          </Field>
          <Button type="submit" variant="primary" disabled={!token.trim() || busy}>{busy ? 'Signing in…' : 'Sign in'}</Button>
        </form>
      </div>
    </main>
  )
}

export function UnreachableScreen({ url, error, onRetry }: { url: string; error: string | null; onRetry: () => void }) {
  return (
    <main className="login">
      <div className="login-card" role="alert">
        <h1>The gateway is not answering</h1>
        <p>Gatehouse could not reach <code>{url}</code>{error ? `: ${error}` : '.'}</p>
        <p>Is <code>npm run serve</code> (or the desktop app) still running?</p>
        <Button variant="primary" onClick={onRetry}>Try again</Button>
      </div>
    </main>
  )
}
