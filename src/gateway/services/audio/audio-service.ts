import { GatewayError } from '../../../shared/errors'
import type { Clock } from '../../kernel/runtime'
import { openAiSpeechProvider, openAiTranscriptionProvider } from '../../providers/openai/openai-audio-provider'
import type { SpeechRequest, SpeechResult, TranscriptionRequest, TranscriptionResult } from '../../providers/types-audio'
import type { UpstreamConnections } from '../../providers/upstream/upstream-connection'
import type { Store } from '../../store/store'
import type { CreditLedger, Reservation } from '../credits/credit-ledger'
import { kindOf, resolveModel, type Target } from '../routing/resolve-model'
import { usageRow, type RequestIdentity } from '../usage/usage-row'
import type { LocalAudio } from './local-audio'

const wrongModel = (model: string, what: string) =>
  new GatewayError({ status: 400, type: 'invalid_request_error', code: 'model_not_supported', param: 'model', message: `The model "${model}" is not a ${what} model. GET /v1/models lists the models you can use.` })

/**
 * Speech, transcription and translation: resolve the model, run it here (whisper.cpp, Flite/eSpeak NG)
 * or on an OpenAI-compatible upstream, charge by characters spoken or seconds heard, log the usage.
 */
export function createAudioService(deps: { store: Store; clock: Clock; ledger: CreditLedger; connections: UpstreamConnections; local: LocalAudio }) {
  const { store, clock, ledger, connections, local } = deps

  function target(who: RequestIdentity, label: string, kind: 'speech' | 'transcription', what: string): Target {
    const { target } = resolveModel(store, who.principal.team, label)
    if (target.provider.type === 'anthropic' || kindOf(target.model) !== kind) throw wrongModel(target.model.name, what)
    return target
  }

  function settle(who: RequestIdentity, reservation: Reservation, endpoint: string, t: Target, fields: { status: number; creditsMicro?: number; characters?: number; audioSeconds?: number; error?: string }) {
    ledger.settle(
      reservation,
      usageRow(who, clock.now(), {
        endpoint,
        requestedModel: t.model.name,
        modelId: t.model.id,
        modelName: t.model.name,
        attempts: [{ model: t.model.name, modelId: t.model.id, status: fields.status, latencyMs: clock.now() - who.startedAt, ...(fields.error ? { error: fields.error } : {}) }],
        ...fields,
      }),
    )
  }

  async function run<T>(who: RequestIdentity, t: Target, endpoint: string, holdMicro: number, call: () => Promise<T>, charge: (result: T) => { creditsMicro: number; characters?: number; audioSeconds?: number }): Promise<T> {
    const reservation = ledger.reserve(holdMicro)
    try {
      const result = await call()
      settle(who, reservation, endpoint, t, { status: 200, ...charge(result) })
      return result
    } catch (err) {
      settle(who, reservation, endpoint, t, { status: (err as { status?: number }).status ?? 500, error: (err as Error).message })
      throw err
    }
  }

  return {
    async speak(who: RequestIdentity, req: SpeechRequest & { model: string }): Promise<{ result: SpeechResult; target: Target }> {
      const t = target(who, req.model, 'speech', 'text-to-speech')
      const characters = Array.from(req.input).length
      const creditsMicro = Math.round(characters * (t.model.pricing.per_million_characters ?? 0))
      const provider = t.provider.type === 'local' ? local.speaker() : openAiSpeechProvider(t.provider, connections)
      const result = await run(who, t, 'audio.speech', creditsMicro, () => provider.speak({ ...req, model: t.model.upstream ?? t.model.name }), () => ({ creditsMicro, characters }))
      return { result, target: t }
    },

    async transcribe(who: RequestIdentity, req: TranscriptionRequest): Promise<{ result: TranscriptionResult; target: Target }> {
      const t = target(who, req.model, 'transcription', 'speech-to-text')
      const provider = t.provider.type === 'local' ? local.transcriber() : openAiTranscriptionProvider(t.provider, connections)
      const model = t.provider.type === 'local' ? (t.model.file ?? t.model.name) : (t.model.upstream ?? t.model.name)
      const endpoint = req.task === 'translate' ? 'audio.translations' : 'audio.transcriptions'
      const result = await run(who, t, endpoint, 0, () => provider.transcribe({ ...req, model }), (r) => ({
        creditsMicro: Math.round(r.duration * (t.model.pricing.per_second ?? 0) * 1e6),
        audioSeconds: r.duration,
      }))
      return { result, target: t }
    },
  }
}

export type AudioService = ReturnType<typeof createAudioService>
