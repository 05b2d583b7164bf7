import { useEffect, useState } from 'react'
import { messageOf } from './api/api-error'
import { resolveConnection } from './api/connection'
import { createGatewayApi } from './api/gateway-api'
import { createAppStore, StoreContext, type AppStore } from './stores/app-store'
import { persistPlaygroundSession } from './stores/playground-persistence'
import { AppShell } from './features/shell/AppShell'

/** Finds the gateway (preload in Electron, same origin in a browser), builds the store, shows the shell. */
export function App() {
  const [store, setStore] = useState<AppStore>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    let stop: (() => void) | undefined
    let alive = true
    resolveConnection().then(
      (conn) => {
        if (!alive) return
        const created = createAppStore({ api: createGatewayApi(conn), storage: window.localStorage })
        stop = persistPlaygroundSession(created, window.localStorage)
        setStore(created)
      },
      (e: unknown) => setError(messageOf(e)),
    )
    return () => {
      alive = false
      stop?.()
    }
  }, [])
  if (error) return <main className="boot" role="alert">Gatehouse could not find its gateway: {error}</main>
  if (!store) return <main className="boot" />
  return (
    <StoreContext.Provider value={store}>
      <AppShell />
    </StoreContext.Provider>
  )
}
