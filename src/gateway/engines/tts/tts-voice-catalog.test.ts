import { describe, expect, it } from 'vitest'
import { OPENAI_VOICES, OPENAI_VOICE_SETTINGS, builtInSpeechVoices, resolveSpeechVoice } from './tts-voice-catalog'

describe('speech voices', () => {
  it('maps every OpenAI voice to its own local voice settings', () => {
    const distinct = new Set(OPENAI_VOICES.map((v) => JSON.stringify(OPENAI_VOICE_SETTINGS[v])))
    expect(distinct.size).toBe(OPENAI_VOICES.length)
    expect(resolveSpeechVoice('Nova')).toEqual(OPENAI_VOICE_SETTINGS.nova)
  })

  it('accepts Flite voices with or without prefix, and eSpeak languages', () => {
    expect(resolveSpeechVoice('awb')).toEqual({ engine: 'flite', voice: 'awb' })
    expect(resolveSpeechVoice('flite:kal16')).toEqual({ engine: 'flite', voice: 'kal16' })
    expect(resolveSpeechVoice('espeak:pt-BR')).toEqual({ engine: 'espeak', voice: 'pt-BR' })
  })

  it('answers 400 naming the choices for anything else', () => {
    for (const bad of ['robot', 'espeak:', 'espeak:../x', 'flite:nobody']) {
      expect(() => resolveSpeechVoice(bad)).toThrow(expect.objectContaining({ status: 400, param: 'voice', code: 'unknown_voice' }))
    }
    expect(() => resolveSpeechVoice('robot')).toThrow(/alloy, ash, ballad/)
  })

  it('lists the OpenAI names and the Flite voices', () => {
    const ids = builtInSpeechVoices().map((v) => v.id)
    expect(ids).toEqual(expect.arrayContaining([...OPENAI_VOICES, 'flite:slt', 'flite:kal']))
  })
})
