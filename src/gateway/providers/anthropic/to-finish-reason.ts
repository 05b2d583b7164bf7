import type { FinishReason } from '../../../shared/chat/types'
import type { AnthropicStopReason } from './anthropic-types'

const FINISH_REASONS: Record<AnthropicStopReason, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  // A server tool paused a long turn; no server tools are sent, so this ends the turn as is.
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
}

/** The inverse, for the Messages front: a pivot answer's finish as Anthropic writes it. */
const STOP_REASONS: Record<FinishReason, AnthropicStopReason> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
}

export const toFinishReason = (reason: AnthropicStopReason | null): FinishReason =>
  (reason === null ? undefined : FINISH_REASONS[reason]) ?? 'stop'

/**
 * A pivot finish as an Anthropic stop reason. The pivot's `stop` covers both a natural end and a
 * matched stop sequence; `matchedStop` (when the caller can tell) makes it `stop_sequence`.
 */
export const toStopReason = (reason: FinishReason | null, matchedStop: string | null = null): AnthropicStopReason =>
  reason === 'stop' && matchedStop !== null ? 'stop_sequence' : STOP_REASONS[reason ?? 'stop']
