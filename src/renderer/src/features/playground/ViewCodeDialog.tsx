import { useState } from 'react'
import { CopyButton } from '../../components/CopyButton'
import { Dialog } from '../../components/Dialog'
import { ErrorBanner } from '../../components/States'
import { Tabs } from '../../components/Tabs'
import { buildChatRequest } from '../../lib/build-request'
import { codeSnippet, KEY_ENV, type SnippetLanguage } from '../../lib/code-snippets'
import { useAppStore } from '../../stores/app-store'

const LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const

/** The request the playground would send next, as curl, JavaScript (openai) or Python, against the local endpoint. */
export function ViewCodeDialog({ onClose }: { onClose: () => void }) {
  const [lang, setLang] = useState<SnippetLanguage>('curl')
  const draft = useAppStore((s) => s.playground)
  const baseUrl = useAppStore((s) => s.gatewayUrl)
  const key = useAppStore((s) => s.access.key)
  const built = buildChatRequest(draft)
  const code = built.ok ? codeSnippet(lang, baseUrl, built.body, built.fallbacks, built.api) : ''
  return (
    <Dialog title="View code" onClose={onClose} wide>
      {!built.ok ? (
        <ErrorBanner>{built.summary}</ErrorBanner>
      ) : (
        <>
          <div className="code-toolbar">
            <Tabs label="Language" tabs={LANGUAGES} value={lang} onChange={setLang} idPrefix="view-code" />
            <CopyButton text={code} label={`Copy ${lang} code`} showText size="sm" />
          </div>
          <pre className="code-block code-snippet" id="view-code-panel" role="tabpanel" aria-labelledby={`view-code-tab-${lang}`} data-testid="code-snippet" tabIndex={0}>
            {code}
          </pre>
          <p className="muted small">
            The key is read from <code>${KEY_ENV}</code>.{' '}
            {key ? (
              <>
                The playground's own key:{' '}
                <CopyButton text={`export ${KEY_ENV}=${key}`} label="Copy export line with the playground key" showText size="sm" variant="ghost" />
              </>
            ) : (
              'Send once and the playground has a key to copy here, or create one on the Keys page.'
            )}
            {lang === 'javascript' && ' Install with npm install openai; run as an ES module (.mjs).'}
            {lang === 'python' && ' Install with pip install openai.'}
          </p>
        </>
      )}
    </Dialog>
  )
}
