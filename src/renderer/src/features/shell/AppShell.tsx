import { lazy, Suspense, useEffect, useState } from 'react'
import { PageErrorBoundary } from '../../components/PageErrorBoundary'
import { Spinner } from '../../components/States'
import { useAppStore } from '../../stores/app-store'
import { Onboarding } from '../models/Onboarding'
import { PlaygroundPage } from '../playground/PlaygroundPage'
import { FirstRunKeyDialog } from './FirstRunKeyDialog'
import { LoginScreen, UnreachableScreen } from './LoginScreen'
import { NavRail } from './NavRail'
import { StatusBar } from './StatusBar'
import { Toasts } from './Toasts'
import { pageLabel, useHashRoute, type PageId } from '../../lib/use-hash-route'
import { PHONE } from '../../lib/breakpoints'
import { useMediaQuery } from '../../lib/use-media-query'
import { useDictation } from './use-dictation'
import { useTheme } from './use-theme'

const FilesPage = lazy(() => import('../files/FilesPage'))
const CollectionsPage = lazy(() => import('../collections/CollectionsPage'))
const AudioPage = lazy(() => import('../audio/AudioPage'))
const KeysPage = lazy(() => import('../keys/KeysPage'))
const TeamsPage = lazy(() => import('../teams/TeamsPage'))
const ModelsPage = lazy(() => import('../models/ModelsPage'))
const LocalModelsPage = lazy(() => import('../local-models/LocalModelsPage'))
const AgentsPage = lazy(() => import('../agents/AgentsPage'))
const UsagePage = lazy(() => import('../usage/UsagePage'))
const SettingsPage = lazy(() => import('../settings/SettingsPage'))

const STATUS_POLL_MS = 15_000
/** How soon a gateway that stopped answering shows: one `/health` every few seconds. */
const HEARTBEAT_MS = 3_000

function Page({ page, navigate }: { page: PageId; navigate: (page: PageId) => void }) {
  switch (page) {
    case 'playground': return <PlaygroundPage welcome={<Onboarding onNavigate={navigate} />} />
    case 'files': return <FilesPage />
    case 'collections': return <CollectionsPage />
    case 'audio': return <AudioPage />
    case 'keys': return <KeysPage />
    case 'teams': return <TeamsPage />
    case 'models': return <ModelsPage onNavigate={navigate} />
    case 'local-models': return <LocalModelsPage onNavigate={navigate} />
    case 'agents': return <AgentsPage onNavigate={navigate} />
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
  const checkHealth = useAppStore((s) => s.checkHealth)
  const loadCatalog = useAppStore((s) => s.loadCatalog)
  const resumeSession = useAppStore((s) => s.resumeSession)
  const phone = useMediaQuery(PHONE)
  const [navOpen, setNavOpen] = useState(false)
  useTheme(theme)
  useDictation(auth === 'signed-in')

  useEffect(() => {
    void checkSession()
  }, [checkSession])
  useEffect(() => {
    if (auth !== 'signed-in') return
    void loadCatalog()
    void resumeSession().catch(() => undefined)
    const status = setInterval(() => void refreshStatus(), STATUS_POLL_MS)
    const heartbeat = setInterval(() => void checkHealth(), HEARTBEAT_MS)
    return () => (clearInterval(status), clearInterval(heartbeat))
  }, [auth, loadCatalog, refreshStatus, checkHealth, resumeSession])
  useEffect(() => setNavOpen(false), [page, phone])

  if (auth === 'checking') return <main className="boot"><Spinner label="Connecting to the gateway" /></main>
  if (auth === 'needs-login') return <LoginScreen />
  if (auth === 'unreachable') return <UnreachableScreen url={url} error={statusError} onRetry={() => void checkSession()} />

  const go = (next: PageId) => {
    setNavOpen(false)
    navigate(next)
  }
  return (
    <div className={`app${navOpen ? ' app-nav-open' : ''}`}>
      {/* Focuses the current page's main area; following #main would change the route. */}
      <a className="skip-link" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>Skip to content</a>
      {(!phone || navOpen) && <NavRail page={page} onNavigate={go} onClose={phone ? () => setNavOpen(false) : undefined} />}
      {phone && navOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={() => setNavOpen(false)} />}
      <div className="app-main">
        <StatusBar onNavigate={go} onOpenNav={phone ? () => setNavOpen(true) : undefined} />
        <main id="main" className={`page page-${page}`} tabIndex={-1}>
          <PageErrorBoundary key={page} page={pageLabel(page)}>
            <Suspense fallback={<div className="page-loading"><Spinner /></div>}>
              <Page page={page} navigate={go} />
            </Suspense>
          </PageErrorBoundary>
        </main>
      </div>
      <Toasts />
      {mode === 'desktop' && <FirstRunKeyDialog />}
    </div>
  )
}
