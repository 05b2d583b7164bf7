import type { CSSProperties } from 'react'
import type { AssistantAnswer } from '../../lib/playground-model'
import { AnswerMetaLine } from './AnswerMetaLine'
import { ChoiceBody } from './ChoiceBody'

/** An assistant answer: one choice, or `n` choices side by side with the one carried forward marked. */
export function AnswerView({ answer, raw, pending, answerableCallIds, onAnswerCall, onSelect }: {
  answer: AssistantAnswer
  /** Show the text as sent rather than rendered as Markdown. */
  raw: boolean
  pending: boolean
  answerableCallIds: Set<string>
  onAnswerCall?: (callId: string, content: string) => void
  onSelect: (index: number) => void
}) {
  const choices = answer.choices.length ? answer.choices : [{ index: 0, content: '', refusal: null, toolCalls: [], finishReason: null, logprobs: [], audio: null }]
  const selected = choices[answer.selected] ?? choices[0]!
  return (
    <div className="answer">
      {choices.length === 1 ? (
        <ChoiceBody choice={choices[0]!} answer={answer} raw={raw} pending={pending} answerableCallIds={answerableCallIds} onAnswerCall={onAnswerCall} />
      ) : (
        <div className="choices" role="radiogroup" aria-label="Choices" style={{ '--cols': Math.min(choices.length, 4) } as CSSProperties}>
          {choices.map((c, i) => (
            <div key={c.index} className={`choice${i === answer.selected ? ' choice-selected' : ''}`} data-testid="choice">
              <div className="choice-head">
                <span>Choice {c.index + 1}</span>
                <label className="choice-pick">
                  <input type="radio" name={`choice-${choices.map((x) => x.index).join('-')}-${answer.meta?.latencyMs ?? 0}`} checked={i === answer.selected} disabled={pending} onChange={() => onSelect(i)} />
                  {i === answer.selected ? 'carried forward' : 'use this'}
                </label>
              </div>
              <ChoiceBody choice={c} answer={answer} raw={raw} pending={pending} answerableCallIds={i === answer.selected ? answerableCallIds : new Set()} onAnswerCall={onAnswerCall} />
            </div>
          ))}
        </div>
      )}
      {answer.meta ? (
        <AnswerMetaLine meta={answer.meta} finishReason={selected.finishReason} />
      ) : (
        <div className="answer-meta" aria-hidden="true"><span>{pending ? 'streaming…' : ''}</span></div>
      )}
    </div>
  )
}
