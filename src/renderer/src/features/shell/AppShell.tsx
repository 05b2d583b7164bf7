import { lazy, Suspense, useEffect } from 'react'
import { Spinner } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { PlaygroundPage } from '../playground/PlaygroundPage'
import { FirstRunKeyDialog } from './FirstRunKeyDialog'
import { LoginScreen, UnreachableScreen } from './LoginScreen'
import { NavRail } from './NavRail'
import { StatusBar } from './StatusBar'
import { Toasts } from './Toasts'
import { useHashRoute, type PageId } from './use-hash-route'
import { useTheme } from './use-theme'

const FilesPage = lazy(() => import('../files/FilesPage'))
const AudioPage = lazy(() => import('../audio/AudioPage'))
const KeysPage = lazy(() => import('../keys/KeysPage'))
const ModelsPage = lazy(() => import('../models/ModelsPage'))
const UsagePage = lazy(() => import('../usage/UsagePage'))
const SettingsPage = lazy(() => import('../settings/SettingsPage'))

const STATUS_POLL_MS = 15_000

function Page({ page }: { page: PageId }) {
  switch (page) {
    case 'playground': return <PlaygroundPage />
    case 'files': return <FilesPage />
    case 'audio': return <AudioPage />
    case 'keys': return <KeysPage />
    case 'models': return <ModelsPage />
    case 'usage': return <UsagePage />
    case 'settings': return <SettingsPage />
  }
}

/** Navigation, the gateway's state, and the current page; or sign-in when the gateway wants it. */
export function AppShell() {
  const [page, navigate] = useHashRoute()
  const auth = useAppStore((s) => s.auth)
  const theme = useAppStore((s) => s.theme)
  const url = useAppStore((s) => s.gatewayUrl)
  const mode = useAppStore((s) => s.mode)
  const statusError = useAppStore((s) => s.statusError)
  const checkSession = useAppStore((s) => s.checkSession)
  const refreshStatus = useAppStore((s) => s.refreshStatus)
  const loadCatalog = useAppStore((s) => s.loadCatalog)
  useTheme(theme)

  useEffect(() => {
    void checkSession()
  }, [checkSession])
  useEffect(() => {
    if (auth !== 'signed-in') return
    void loadCatalog()
    const t = setInterval(() => void refreshStatus(), STATUS_POLL_MS)
    return () => clearInterval(t)
  }, [auth, loadCatalog, refreshStatus])

  if (auth === 'checking') return <main className="boot"><Spinner label="Connecting to the gateway" /></main>
  if (auth === 'needs-login') return <LoginScreen />
  if (auth === 'unreachable') return <UnreachableScreen url={url} error={statusError} onRetry={() => void checkSession()} />

  return (
    <div className="app">
      <a className="skip-link" href="#main">Skip to content</a>
      <NavRail page={page} onNavigate={navigate} />
      <div className="app-main">
        <StatusBar onNavigate={navigate} />
        <main id="main" className={`page page-${page}`} tabIndex={-1}>
          <Suspense fallback={<div className="page-loading"><Spinner /></div>}>
            <Page page={page} />
          </Suspense>
        </main>
      </div>
      <Toasts />
      {mode === 'desktop' && <FirstRunKeyDialog />}
    </div>
  )
}
