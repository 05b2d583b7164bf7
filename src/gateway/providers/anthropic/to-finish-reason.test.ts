import { describe, expect, it } from 'vitest'
import { toFinishReason } from './to-finish-reason'

describe('toFinishReason', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['pause_turn', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'content_filter'],
    [null, 'stop'],
  ] as const)('%s -> %s', (reason, expected) => {
    expect(toFinishReason(reason)).toBe(expected)
  })
})
