import { Button } from '../../components/Button'
import type { ModelOption } from '../../lib/model-options'
import type { CompareColumn } from '../../stores/compare-slice'
import { useAppStore } from '../../stores/app-store'
import { AnswerMetaLine } from './AnswerMetaLine'
import { MessageText } from './MessageText'
import { ModelPicker } from './ModelPicker'

export function CompareColumnView({ column, index, options, canRemove }: { column: CompareColumn; index: number; options: ModelOption[]; canRemove: boolean }) {
  const setModel = useAppStore((s) => s.setCompareModel)
  const remove = useAppStore((s) => s.removeCompareColumn)
  const keep = useAppStore((s) => s.keepCompareAnswer)
  const running = useAppStore((s) => s.compare.running)
  const choice = column.choices[0]
  return (
    <section className="compare-column" aria-label={`Model ${index + 1}`} data-testid="compare-column">
      <header className="compare-column-head">
        <ModelPicker options={options} value={column.model} onChange={(m) => setModel(column.id, m)} label={`Model ${index + 1}`} compact />
        {canRemove && <Button size="sm" variant="ghost" icon="close" aria-label={`Remove model ${index + 1}`} disabled={running} onClick={() => remove(column.id)} />}
      </header>
      <div className="compare-column-body">
        {column.status === 'error' ? (
          <p className="field-error" role="alert">{column.error}</p>
        ) : choice?.content || choice?.toolCalls.length ? (
          <>
            <MessageText text={choice.content} raw={false} pending={column.status === 'running'} testId="compare-answer" />
            {choice.toolCalls.map((c) => <pre key={c.id} className="code-block">{c.function.name}({c.function.arguments})</pre>)}
          </>
        ) : column.status === 'running' ? (
          <span className="typing" aria-label="Waiting for the answer"><i /><i /><i /></span>
        ) : (
          <p className="muted small">{column.model ? 'Ready.' : 'Pick a model.'}</p>
        )}
      </div>
      <footer className="compare-column-foot">
        {column.meta ? <AnswerMetaLine meta={column.meta} finishReason={choice?.finishReason ?? null} /> : <div className="answer-meta answer-meta-empty" aria-hidden="true">&nbsp;</div>}
        <Button size="sm" variant="ghost" disabled={column.status !== 'done' || !choice} onClick={() => keep(column.id)}>Keep this answer</Button>
      </footer>
    </section>
  )
}
