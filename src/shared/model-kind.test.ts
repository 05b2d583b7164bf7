import { describe, expect, it } from 'vitest'
import { modelKind } from './model-kind'

describe('modelKind: one answer for the gateway and the renderer', () => {
  it('takes an explicit kind over everything else', () => {
    expect(modelKind({ kind: 'embedding', engine: 'llama', name: 'nomic' })).toBe('embedding')
    expect(modelKind({ kind: 'chat', upstream: 'whisper-chat', name: 'x' })).toBe('chat')
  })

  it('reads a local model from its engine', () => {
    expect(modelKind({ engine: 'whisper', name: 'base.en' })).toBe('transcription')
    expect(modelKind({ engine: 'tts', name: 'voice' })).toBe('speech')
    expect(modelKind({ engine: 'llama', name: 'stories' })).toBe('chat')
  })

  it('reads an upstream model from its upstream id, as OpenAI names them', () => {
    expect(modelKind({ upstream: 'whisper-1', name: 'stt' })).toBe('transcription')
    expect(modelKind({ upstream: 'gpt-4o-mini-transcribe', name: 'stt' })).toBe('transcription')
    expect(modelKind({ upstream: 'tts-1-hd', name: 'speak' })).toBe('speech')
    expect(modelKind({ upstream: 'gpt-4o-mini-tts', name: 'speak' })).toBe('speech')
    expect(modelKind({ upstream: 'text-embedding-3-small', name: 'emb' })).toBe('embedding')
    expect(modelKind({ upstream: 'gpt-4o-mini', name: 'chatty' })).toBe('chat')
    expect(modelKind({ upstream: 'claude-haiku-4-5', name: 'claude' })).toBe('chat')
    // "tts" must stand as its own word: "gpt-4o-mini" or "mattson" are not speech models
    expect(modelKind({ upstream: 'mattson-7b', name: 'm' })).toBe('chat')
  })
})
