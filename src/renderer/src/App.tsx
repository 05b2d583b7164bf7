import { useEffect, useState } from 'react'
import { fetchHealth, gatewayBaseUrl, type Health } from './api/gateway-client'

/** The app shell grows here (playground, files, audio, keys); for now it shows the gateway's state. */
export function App() {
  const [url, setUrl] = useState<string>()
  const [health, setHealth] = useState<Health>()
  const [error, setError] = useState<string>()

  useEffect(() => {
    gatewayBaseUrl().then(setUrl, () => undefined)
    fetchHealth().then(setHealth, (e: Error) => setError(e.message))
  }, [])

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Gatehouse</h1>
      <p>
        Gateway: <code>{url ?? '…'}</code>{' '}
        {health ? <span>running, version {health.version}</span> : error ? <span role="alert">unreachable: {error}</span> : <span>checking…</span>}
      </p>
    </main>
  )
}
