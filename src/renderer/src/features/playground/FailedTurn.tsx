import { useState } from 'react'
import { Button } from '../../components/Button'
import { Icon } from '../../components/Icon'
import type { DraftMessage } from '../../lib/playground-model'
import { useAppStore } from '../../stores/app-store'
import { useModelOptions } from './use-model-options'

/**
 * Under a message whose run failed: what went wrong, and the ways on (Retry, Retry with another model,
 * Edit, Discard). Nothing is sent again until one of them is chosen.
 */
export function FailedTurn({ message }: { message: DraftMessage }) {
  const failure = message.failed!
  const retry = useAppStore((s) => s.retryFailed)
  const edit = useAppStore((s) => s.editFailed)
  const discard = useAppStore((s) => s.discardFailed)
  const running = useAppStore((s) => s.run.status === 'running')
  const others = useModelOptions().filter((o) => o.value !== failure.model)
  const [choosing, setChoosing] = useState(false)
  const what = failure.status ? `${failure.status}${failure.code ? ` ${failure.code}` : ''}` : 'no answer'
  return (
    <section className="failed-turn" aria-label="Failed request" data-testid="failed-turn">
      <div className="banner banner-error" role="alert">
        <Icon name="warning" />
        <div className="banner-text">
          <strong>No answer from {failure.model}</strong> <span className="failed-code">({what})</span>
          <div>{failure.message}</div>
        </div>
      </div>
      <div className="failed-actions">
        <Button size="sm" variant="primary" icon="rerun" disabled={running} onClick={() => void retry()}>Retry</Button>
        <Button size="sm" aria-expanded={choosing} disabled={running || !others.length} onClick={() => setChoosing((v) => !v)}>Retry with another model</Button>
        {message.role === 'user' && <Button size="sm" icon="edit" disabled={running} onClick={edit}>Edit</Button>}
        <Button size="sm" variant="ghost" disabled={running} onClick={discard}>{message.role === 'user' ? 'Discard' : 'Dismiss'}</Button>
      </div>
      {choosing && (
        <ul className="failed-models" aria-label="Other models">
          {others.map((o) => (
            <li key={o.value}>
              <Button size="sm" variant="ghost" onClick={() => (setChoosing(false), void retry(o.value))}>
                {o.label}
                {o.kind === 'agent' ? ' (agent)' : ''}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
