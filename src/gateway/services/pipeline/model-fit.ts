import { GatewayError } from '../../../shared/errors'
import { KIND_ENDPOINT, type ModelKind } from '../../../shared/model-kind'
import type { Modality } from '../../providers/registry'
import type { Target } from '../routing/resolve-model'

/** The kind of model each modality takes. */
export const MODALITY_KIND: Record<Modality, ModelKind> = { chat: 'chat', messages: 'chat', speech: 'speech', transcription: 'transcription' }

const refuse = (code: string, message: string) => new GatewayError({ status: 400, type: 'invalid_request_error', code, param: 'model', message })

/** Why a model cannot serve a modality: the wrong kind of model, or a provider type without that modality. */
export function unfitModel(target: Target, modality: Modality, kind: ModelKind, providerServes: boolean): GatewayError {
  const { model, provider } = target
  if (modality === 'messages') {
    return refuse(
      'model_not_anthropic',
      `The model "${model.name}" runs on an ${provider.type} provider; /v1/messages forwards only to Anthropic models. Use /v1/chat/completions for it, or pick an Anthropic model.`,
    )
  }
  if (modality === 'chat') {
    if (kind !== 'chat') return refuse('model_not_chat', `The model "${model.name}" is a ${kind} model, not a chat model; use it with ${KIND_ENDPOINT[kind]}.`)
    if (!providerServes) return refuse('model_not_chat', `Local chat models (engine: llama) are not supported yet; pick a chat model on an openai or anthropic provider.`)
  }
  const what = modality === 'speech' ? 'text-to-speech' : 'speech-to-text'
  return refuse('model_not_supported', `The model "${model.name}" is not a ${what} model. GET /v1/models lists the models you can use.`)
}
