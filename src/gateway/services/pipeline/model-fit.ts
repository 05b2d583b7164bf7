import { GatewayError } from '../../../shared/errors'
import { KIND_ENDPOINT, type ModelKind } from '../../../shared/model-kind'
import type { Modality } from '../../providers/registry'
import type { Target } from '../routing/resolve-model'

/** The kind of model each modality takes. */
export const MODALITY_KIND: Record<Modality, ModelKind> = { chat: 'chat', messages: 'chat', tokenCount: 'chat', completions: 'chat', responses: 'chat', speech: 'speech', transcription: 'transcription', embeddings: 'embedding' }

const refuse = (code: string, message: string) => new GatewayError({ status: 400, type: 'invalid_request_error', code, param: 'model', message })

const WHAT: Record<Exclude<Modality, 'messages'>, string> = { chat: 'chat', tokenCount: 'token-counting', completions: 'legacy-completion', responses: 'native Responses API', speech: 'text-to-speech', transcription: 'speech-to-text', embeddings: 'embedding' }

/** Why a model cannot serve a modality: the wrong kind of model, or a provider type without that modality. */
export function unfitModel(target: Target, modality: Modality, kind: ModelKind): GatewayError {
  const { model, provider } = target
  if (modality === 'messages') {
    return refuse(
      'model_not_anthropic',
      `The model "${model.name}" runs on an ${provider.type} provider; /v1/messages forwards only to Anthropic models. Use /v1/chat/completions for it, or pick an Anthropic model.`,
    )
  }
  if (modality === 'tokenCount' && kind === 'chat') {
    return refuse('model_not_anthropic', `The model "${model.name}" runs on an ${provider.type} provider; /v1/messages/count_tokens counts for Anthropic and local models.`)
  }
  const what = WHAT[modality]
  if (kind !== MODALITY_KIND[modality]) {
    if (modality === 'chat') return refuse('model_not_chat', `The model "${model.name}" is a ${kind} model, not a chat model; use it with ${KIND_ENDPOINT[kind]}.`)
    return refuse('model_not_supported', `The model "${model.name}" is a ${kind} model, not a ${what} model; use it with ${KIND_ENDPOINT[kind]}. GET /v1/models lists the models you can use.`)
  }
  const code = modality === 'chat' ? 'model_not_chat' : 'model_not_supported'
  return refuse(code, `The model "${model.name}" runs on an ${provider.type} provider, which serves no ${what} models. GET /v1/models lists the models you can use.`)
}
