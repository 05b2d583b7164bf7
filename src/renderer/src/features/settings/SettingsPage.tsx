import { useState } from 'react'
import { Button } from '../../components/Button'
import { ConfirmButton } from '../../components/ConfirmButton'
import { CopyButton } from '../../components/CopyButton'
import { Field } from '../../components/Field'
import { PageHeader } from '../../components/PageHeader'
import { messageOf } from '../../api/api-error'
import type { ThemeChoice } from '../../stores/settings-slice'
import { useAppStore } from '../../stores/app-store'
import { SEND_KEYS } from '../../lib/send-keys'
import { DesktopPortSection } from './DesktopPortSection'
import { DictationSection } from './DictationSection'
import { WebSearchSettings } from './WebSearchSettings'
import { WebSessionsSection } from './WebSessionsSection'
import { OllamaKeylessSection } from './OllamaKeylessSection'
import { McpServersSection } from './McpServersSection'
import { AuditLogSection } from './AuditLogSection'
import { StoreSection } from './StoreSection'
import { WatchFoldersSection } from './WatchFoldersSection'

const THEMES: { id: ThemeChoice; label: string }[] = [
  { id: 'system', label: 'System' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
]

/** Theme, where the gateway is, sign-out and the signed-in browsers, the playground's key, and the keyboard shortcuts. */
export default function SettingsPage() {
  const theme = useAppStore((s) => s.theme)
  const setTheme = useAppStore((s) => s.setTheme)
  const url = useAppStore((s) => s.gatewayUrl)
  const mode = useAppStore((s) => s.mode)
  const version = useAppStore((s) => s.status?.version)
  const configSource = useAppStore((s) => s.status?.config_source)
  const access = useAppStore((s) => s.access)
  const useOwnKey = useAppStore((s) => s.useOwnKey)
  const forgetApiKey = useAppStore((s) => s.forgetApiKey)
  const revokePlaygroundKey = useAppStore((s) => s.revokePlaygroundKey)
  const notify = useAppStore((s) => s.notify)
  const signOut = useAppStore((s) => s.signOut)
  const [ownKey, setOwnKey] = useState('')
  const sendKey = useAppStore((s) => s.sendKey)
  const setSendKey = useAppStore((s) => s.setSendKey)

  return (
    <div className="page-inner page-narrow">
      <PageHeader title="Settings" />
      <section className="settings-section">
        <h2 className="section-title">Appearance</h2>
        <fieldset className="segmented">
          <legend className="field-label">Theme</legend>
          {THEMES.map((t) => (
            <label key={t.id} className={`segment${theme === t.id ? ' segment-on' : ''}`}>
              <input type="radio" name="theme" checked={theme === t.id} onChange={() => setTheme(t.id)} /> {t.label}
            </label>
          ))}
        </fieldset>
      </section>
      <section className="settings-section">
        <h2 className="section-title">Sending</h2>
        <fieldset className="segmented">
          <legend className="field-label">Send a message with</legend>
          {([['mod-enter', `${SEND_KEYS} (Enter is a new line)`], ['enter', 'Enter (Shift Enter is a new line)']] as const).map(([id, label]) => (
            <label key={id} className={`segment${sendKey === id ? ' segment-on' : ''}`}>
              <input type="radio" name="send-key" checked={sendKey === id} onChange={() => setSendKey(id)} /> {label}
            </label>
          ))}
        </fieldset>
      </section>
      <section className="settings-section">
        <h2 className="section-title">Gateway</h2>
        <dl className="facts">
          <dt>Base URL</dt>
          <dd><code>{url}/v1</code> <CopyButton text={`${url}/v1`} label="Copy base URL" size="sm" variant="ghost" /></dd>
          <dt>Version</dt><dd>{version ?? '—'}</dd>
          <dt>Config</dt><dd className="mono small">{configSource ?? '—'}</dd>
          <dt>Connected</dt><dd>{mode === 'web' ? 'in the browser, with a session cookie (web mode)' : 'from the desktop app, with the local admin token'}</dd>
        </dl>
        {mode === 'web' && <Button size="sm" icon="logout" onClick={() => void signOut()}>Sign out of this browser</Button>}
      </section>
      <DesktopPortSection />
      <DictationSection />
      <StoreSection />
      <section className="settings-section">
        <h2 className="section-title">Web search</h2>
        <WebSearchSettings />
      </section>
      <McpServersSection />
      <WebSessionsSection />
      <AuditLogSection />
      <OllamaKeylessSection />
      <WatchFoldersSection />
      <section className="settings-section">
        <h2 className="section-title">Playground key</h2>
        <p className="muted">
          The playground calls <code>/v1</code> with an API key, like any client.{' '}
          {access.key ? (access.own ? `It uses your key ${access.hint}.` : `It uses the team key ${access.hint} (named “${access.name ?? 'Playground'}”), issued to this browser.`) : 'A team key named after this browser is issued on the first send or upload, and used again by this browser for that team.'}
        </p>
        <form className="inline-form" onSubmit={(e) => (e.preventDefault(), ownKey.trim() && (useOwnKey(ownKey), setOwnKey('')))}>
          <Field label="Use my own key instead" hint="stored in this browser only">
            {(control) => <input {...control} className="input input-sm mono" type="password" autoComplete="off" value={ownKey} onChange={(e) => setOwnKey(e.target.value)} />}
          </Field>
          <Button type="submit" size="sm" disabled={!ownKey.trim()}>Use key</Button>
        </form>
        {access.key && !access.own && (
          <ConfirmButton size="sm" variant="ghost" confirmLabel="Confirm revoke the playground key" onConfirm={() => void revokePlaygroundKey().then(() => notify('Playground key revoked', 'success'), (e: unknown) => notify(messageOf(e), 'error'))}>
            Revoke the playground key
          </ConfirmButton>
        )}
        {access.key && access.own && <Button size="sm" variant="ghost" onClick={forgetApiKey}>Forget my key</Button>}
      </section>
      <section className="settings-section">
        <h2 className="section-title">Keyboard</h2>
        <dl className="facts">
          <dt><kbd>{SEND_KEYS}</kbd></dt><dd>Send (or run all models, in Compare){sendKey === 'enter' ? '; Enter sends too (Shift Enter for a new line)' : ''}</dd>
          <dt><kbd>Esc</kbd></dt><dd>Stop the answer that is streaming; close a dialog</dd>
          <dt><kbd>↑</kbd> <kbd>↓</kbd> <kbd>Enter</kbd></dt><dd>Move through and pick in the model picker</dd>
          <dt><kbd>←</kbd> <kbd>→</kbd></dt><dd>Step through tokens of an answer with logprobs</dd>
        </dl>
      </section>
    </div>
  )
}
