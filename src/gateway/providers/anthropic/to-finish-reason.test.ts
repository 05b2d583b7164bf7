import { describe, expect, it } from 'vitest'
import { toFinishReason, toStopReason } from './to-finish-reason'

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

describe('toStopReason', () => {
  it.each([
    ['stop', null, 'end_turn'],
    ['stop', '\n\nHuman:', 'stop_sequence'],
    ['length', null, 'max_tokens'],
    ['tool_calls', null, 'tool_use'],
    ['content_filter', null, 'refusal'],
    [null, null, 'end_turn'],
  ] as const)('%s (matched %s) -> %s', (reason, matched, expected) => {
    expect(toStopReason(reason, matched)).toBe(expected)
  })
})
