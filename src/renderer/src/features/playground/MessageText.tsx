import { lazy, Suspense } from 'react'
import { externalOpener } from '../../lib/open-external'

// Markdown, highlighting and KaTeX are a few hundred KB: loaded with the first answer, not with the app.
const Markdown = lazy(() => import('../../components/Markdown'))
const openLink = externalOpener()

/**
 * A message's text: rendered as Markdown (tables, highlighted code with copy, links, math), or raw as
 * the model sent it. While it streams a caret follows the text.
 */
export function MessageText({ text, raw, pending = false, testId }: { text: string; raw: boolean; pending?: boolean; testId?: string }) {
  if (raw) {
    return (
      <div className="answer-text answer-raw" data-testid={testId}>
        {text}
        {pending && <span className="caret" aria-hidden="true" />}
      </div>
    )
  }
  return (
    <div className={`answer-text answer-md${pending ? ' answer-streaming' : ''}`} data-testid={testId}>
      <Suspense fallback={<div className="answer-raw">{text}</div>}>
        <Markdown text={text} openLink={openLink} />
      </Suspense>
    </div>
  )
}
