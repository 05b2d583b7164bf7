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

export const toFinishReason = (reason: AnthropicStopReason | null): FinishReason =>
  (reason === null ? undefined : FINISH_REASONS[reason]) ?? 'stop'
