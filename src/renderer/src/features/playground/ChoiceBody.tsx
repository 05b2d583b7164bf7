import type { ChoiceResult } from '../../api/chat-result'
import { audioReplyUrl } from '../../lib/audio-data'
import type { AssistantAnswer } from '../../lib/playground-model'
import { LogprobText } from './LogprobText'
import { McpCallList } from './McpCallList'
import { MessageText } from './MessageText'
import { StructuredResult } from './StructuredResult'
import { ToolCallCard } from './ToolCallCard'
import { SourcesList } from '../../components/SourcesList'

/** One choice of an answer: text (or tokens with logprobs), refusal, parsed JSON, audio, tool calls. */
export function ChoiceBody({ choice, answer, raw, pending, answerableCallIds, onAnswerCall }: {
  choice: ChoiceResult
  answer: AssistantAnswer
  raw: boolean
  pending: boolean
  answerableCallIds: Set<string>
  onAnswerCall?: (callId: string, content: string) => void
}) {
  const showTokens = !pending && choice.logprobs.length > 0
  return (
    <div className="choice-body">
      {choice.mcpCalls && <McpCallList calls={choice.mcpCalls} />}
      {showTokens ? (
        <LogprobText tokens={choice.logprobs} />
      ) : choice.content ? (
        <MessageText text={choice.content} raw={raw || !!answer.structured} pending={pending} testId="answer-text" />
      ) : pending && !choice.toolCalls.length ? (
        <div className="answer-text answer-waiting"><span className="typing" aria-label="Waiting for the answer"><i /><i /><i /></span></div>
      ) : null}
      {choice.refusal && <div className="refusal" role="note">Refused: {choice.refusal}</div>}
      {answer.structured && !pending && choice.content && <StructuredResult content={choice.content} schema={answer.structured.schema} />}
      {choice.audio?.data && !pending && (
        <div className="audio-reply">
          <audio controls src={audioReplyUrl(choice.audio.data, answer.audioFormat ?? 'wav')} aria-label="Audio reply" />
          {choice.audio.transcript && <p className="muted">{choice.audio.transcript}</p>}
        </div>
      )}
      {choice.toolCalls.map((call) => (
        <ToolCallCard key={call.id || call.function.name} call={call} answerable={!pending && answerableCallIds.has(call.id)} onAnswer={onAnswerCall && ((content) => onAnswerCall(call.id, content))} />
      ))}
      {choice.citations && !pending && <SourcesList citations={choice.citations} />}
    </div>
  )
}
