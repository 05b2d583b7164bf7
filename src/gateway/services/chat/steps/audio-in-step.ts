import type { ChatCompletionRequest, ChatMessage, InputAudioPart, UserContentPart } from '../../../../shared/chat/types'
import { badRequest } from '../../../../shared/errors'
import { audioSecondsCeiling, heardCostMicro } from '../../credits/pricing'
import { callContext } from '../../pipeline/pipeline'
import type { ChatStep, ChatStepContext } from '../chat-steps'
import { type ChatAudioModels, nativeAudioOf } from './chat-audio-models'

const hears = (c: ChatStepContext) => nativeAudioOf(c.target).input

const hasAudioInput = (req: ChatCompletionRequest) => req.messages.some((m) => m.role === 'user' && typeof m.content !== 'string' && m.content.some((p) => p.type === 'input_audio'))

/**
 * `input_audio` parts for a chat model that cannot hear: each is transcribed by the gateway's
 * speech-to-text model and passed on as a text part. The audio heard is counted on the request's usage
 * row (audio seconds, and its cost at the speech-to-text model's `per_second`). A transcript is made
 * once per request, whichever fallback model gets it.
 */
export function audioInStep(models: ChatAudioModels): ChatStep {
  async function transcribe(part: InputAudioPart, param: string, c: ChatStepContext): Promise<string> {
    const key = `audio-in:${param}`
    const done = c.state.get(key) as string | undefined
    if (done !== undefined) return done
    const audio = Buffer.from(part.input_audio.data, 'base64')
    if (audio.length === 0) throw badRequest(`${param}.input_audio.data is empty; send the audio as base64.`, `${param}.input_audio.data`)
    const { target, provider } = models.transcriber(param, `The model "${c.target.model.name}" does not take audio input, so the gateway transcribes it`)
    const result = await provider.transcribe({ file: audio, filename: `input_audio.${part.input_audio.format}`, task: 'transcribe' }, callContext(c.request, target))
    c.charges.audioSeconds += result.duration
    c.charges.creditsMicro += heardCostMicro(target.model.pricing, result.duration)
    const text = result.text.trim()
    c.state.set(key, text)
    return text
  }

  return {
    name: 'audio-in',
    // Every input_audio part may be heard, at its bytes' most seconds (audioSecondsCeiling).
    hold(req) {
      // The messages first: finding the transcription model to price scans the models, on every request.
      if (!hasAudioInput(req)) return 0
      const pricing = models.pricingOf('transcription')
      if (!pricing) return 0
      let micro = 0
      for (const m of req.messages) {
        if (m.role !== 'user' || typeof m.content === 'string') continue
        for (const p of m.content) if (p.type === 'input_audio') micro += heardCostMicro(pricing, audioSecondsCeiling(Math.ceil((p.input_audio.data.length * 3) / 4)))
      }
      return micro
    },
    appliesTo: hasAudioInput,
    async prepare(req: ChatCompletionRequest, c): Promise<ChatCompletionRequest> {
      // The messages first: asking the model whether it hears runs a regex over its name, 1 % of a proxied request's CPU.
      if (!hasAudioInput(req) || hears(c)) return req
      const messages: ChatMessage[] = []
      for (const [i, m] of req.messages.entries()) {
        if (m.role !== 'user' || typeof m.content === 'string') {
          messages.push(m)
          continue
        }
        const content: UserContentPart[] = []
        for (const [j, part] of m.content.entries()) {
          content.push(part.type === 'input_audio' ? { type: 'text', text: await transcribe(part, `messages[${i}].content[${j}]`, c) } : part)
        }
        messages.push({ ...m, content })
      }
      return { ...req, messages }
    },
  }
}
