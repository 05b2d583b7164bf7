import { readFileSync } from 'node:fs'
import type OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAudioFixtures } from '../../../../../test/support/audio-fixtures'
import { KNOWN_TRANSCRIPT } from '../../../../../test/support/fake-openai'
import { type LocalChatHarness, startLocalChatHarness } from '../../../../../test/support/local-chat-harness'

const { probeAudio, speechWav } = useAudioFixtures()

/**
 * Chat's audio steps around an upstream model that has no audio of its own (the fake OpenAI upstream's
 * gpt-echo, which echoes the last user message): answers spoken by the local speech engine, audio ids
 * resolved to their transcripts, input_audio transcribed (here by an upstream speech-to-text model, whose
 * fake answers a known transcript, so the text passed on can be checked), and a model with native audio
 * left alone.
 */
let h: LocalChatHarness
let client: OpenAI
const wav = () => readFileSync(speechWav('Hello there')).toString('base64')
type AudioMessage = OpenAI.ChatCompletionMessage & { audio: { id: string; expires_at: number; data: string; transcript: string } }

beforeAll(async () => {
  h = await startLocalChatHarness({
    models: [
      { name: 'whisper-up', provider: 'up', upstream: 'whisper-1', pricing: { per_second: 2 } },
      { name: 'gpt-talks', provider: 'up', upstream: 'gpt-4o-mini', native_audio: { input: true, output: true } },
      { name: 'gpt-4o-audio-preview', provider: 'up', upstream: 'gpt-4o-audio-preview' },
    ],
    audio: { chat_transcription_model: 'whisper-up', chat_speech_model: 'voice' },
  })
  client = h.client
})
afterAll(async () => h?.close())

const lastUpstreamChat = () => h.upstream.requests.filter((r) => r.url.endsWith('/chat/completions')).at(-1)!.json as { messages: Array<Record<string, unknown>> }

describe('audio out', () => {
  it('speaks the answer of a model without audio: content null, message.audio decodable in the format asked for', async () => {
    const { data: res, response } = await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Say hello' }], modalities: ['text', 'audio'], audio: { voice: 'coral', format: 'mp3' } }).withResponse()
    const message = res.choices[0]!.message as AudioMessage
    expect(message.content).toBeNull()
    expect(message.audio.transcript).toBe('echo: Say hello')
    expect(message.audio.id).toMatch(/^audio_/)
    expect(message.audio.expires_at).toBe(Math.floor(h.gw.clock.now() / 1000) + 3600)
    const probed = probeAudio(Buffer.from(message.audio.data, 'base64'))
    expect([probed.format, probed.codec]).toEqual(['mp3', 'mp3'])
    expect(probed.seconds).toBeGreaterThan(0.3)
    expect(lastUpstreamChat()).not.toHaveProperty('modalities')
    expect(lastUpstreamChat()).not.toHaveProperty('audio')
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row).toMatchObject({ endpoint: 'chat.completions', modelName: 'gpt-echo', characters: 'echo: Say hello'.length })
    expect(row.creditsMicro).toBe('echo: Say hello'.length * 15_000)

    // A later turn citing the audio by id: the upstream gets its transcript as the assistant's content.
    await client.chat.completions.create({
      model: 'gpt-echo',
      messages: [{ role: 'user', content: 'Say hello' }, { role: 'assistant', audio: { id: message.audio.id } }, { role: 'user', content: 'Again' }],
    })
    expect(lastUpstreamChat().messages[1]).toEqual({ role: 'assistant', content: 'echo: Say hello' })
  })

  it('streams the transcript as it comes and the audio in the last chunks before the finish', async () => {
    const stream = await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Stream me' }], modalities: ['text', 'audio'], audio: { voice: 'alloy', format: 'wav' }, stream: true })
    let transcript = ''
    let data = ''
    let id = ''
    let expires = 0
    const order: string[] = []
    for await (const chunk of stream) {
      for (const c of chunk.choices) {
        const audio = (c.delta as { audio?: { id?: string; data?: string; transcript?: string; expires_at?: number } }).audio
        expect(c.delta.content ?? null).toBeNull()
        if (audio?.transcript) {
          transcript += audio.transcript
          order.push('transcript')
        }
        if (audio?.data) {
          data += audio.data
          id ||= audio.id ?? ''
          order.push('data')
        }
        if (audio?.expires_at) expires = audio.expires_at
        if (c.finish_reason) order.push(`finish:${c.finish_reason}`)
      }
    }
    expect(transcript).toBe('echo: Stream me')
    expect(id).toMatch(/^audio_/)
    expect(expires).toBeGreaterThan(0)
    expect(order.indexOf('data')).toBeGreaterThan(order.lastIndexOf('transcript'))
    expect(order.at(-1)).toBe('finish:stop')
    expect(Buffer.from(data, 'base64').subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(probeAudio(Buffer.from(data, 'base64')).codec).toBe('pcm_s16le')
  })

  it('refuses an audio id it never gave out, naming the message', async () => {
    await expect(
      client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'a' }, { role: 'assistant', audio: { id: 'audio_unknown' } }, { role: 'user', content: 'b' }] }),
    ).rejects.toMatchObject({ status: 400, param: 'messages[1].audio.id' })
  })
})

describe('audio in', () => {
  it('transcribes input_audio for a model without audio input and passes the words on as text, counting the audio', async () => {
    const { data: res, response } = await client.chat.completions
      .create({
        model: 'gpt-echo',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Listen:' }, { type: 'input_audio', input_audio: { data: wav(), format: 'wav' } }] }],
      })
      .withResponse()
    expect(lastUpstreamChat().messages[0]!.content).toEqual([
      { type: 'text', text: 'Listen:' },
      { type: 'text', text: KNOWN_TRANSCRIPT.text },
    ])
    expect(res.choices[0]!.message.content).toContain(KNOWN_TRANSCRIPT.text)
    const row = await h.rowOf(response.headers.get('x-request-id'))
    expect(row).toMatchObject({ audioSeconds: KNOWN_TRANSCRIPT.duration })
    expect(row.creditsMicro).toBe(KNOWN_TRANSCRIPT.duration * 2 * 1e6)
  })

  it('leaves audio alone for models that hear and speak themselves (set in the config, or by their upstream id)', async () => {
    for (const model of ['gpt-talks', 'gpt-4o-audio-preview']) {
      await client.chat.completions.create({
        model,
        messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: wav(), format: 'wav' } }] }],
        modalities: ['text', 'audio'],
        audio: { voice: 'coral', format: 'wav' },
      })
      expect(lastUpstreamChat()).toMatchObject({ modalities: ['text', 'audio'], audio: { voice: 'coral', format: 'wav' }, messages: [{ content: [{ type: 'input_audio' }] }] })
    }
  })
})
