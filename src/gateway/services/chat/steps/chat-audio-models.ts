import { badRequest } from '../../../../shared/errors'
import { type NativeAudio, type NativeAudioSetting, nativeAudio } from '../../../../shared/model-audio'
import type { ModelKind } from '../../../../shared/model-kind'
import type { Modalities, ProviderRegistry } from '../../../providers/registry'
import type { Store } from '../../../store/store'
import type { ProviderConfigs } from '../../routing/provider-configs'
import { kindOf, type Target } from '../../routing/resolve-model'

export interface ChatAudioModelsOptions {
  store: Store
  registry: ProviderRegistry
  providerConfigs: ProviderConfigs
  /** audio.chat_transcription_model; undefined: the first whisper model of a local provider. */
  transcriptionModel?: string
  /** audio.chat_speech_model; undefined: the first tts model of a local provider. */
  speechModel?: string
}

/** Whether the model about to answer hears and speaks by itself (shared/model-audio.ts). */
export const nativeAudioOf = ({ model, provider }: Target): NativeAudio =>
  nativeAudio({ providerType: provider.type, upstream: model.upstream, name: model.name, nativeAudio: model.options.nativeAudio as NativeAudioSetting | undefined })

type AudioModality = 'transcription' | 'speech'
const KIND: Record<AudioModality, { kind: ModelKind; engine: string; field: string }> = {
  transcription: { kind: 'transcription', engine: 'whisper', field: 'audio.chat_transcription_model' },
  speech: { kind: 'speech', engine: 'tts', field: 'audio.chat_speech_model' },
}

/**
 * The speech-to-text and text-to-speech models that chat's audio steps use for models without audio
 * of their own: the ones the config names, else the first local whisper and tts models. They are the
 * gateway's tools, not the caller's model: no team needs them enabled, and their prices are added to
 * the chat request that used them.
 */
export function createChatAudioModels(opts: ChatAudioModelsOptions) {
  const { store, registry, providerConfigs } = opts
  const named = { transcription: opts.transcriptionModel, speech: opts.speechModel }

  function target(modality: AudioModality): Target | null {
    const wanted = named[modality]
    const { kind, engine } = KIND[modality]
    const model = wanted !== undefined ? store.models.getByName(wanted) : store.models.list().find((m) => m.engine === engine && kindOf(m) === kind)
    const provider = model && store.providers.get(model.providerId)
    return model && provider && kindOf(model) === kind && registry.supports(provider.type, modality) ? { model, provider } : null
  }

  /** The model and its provider, or a 400 on `param` saying what to configure. */
  function use<M extends AudioModality>(modality: M, param: string, why: string): { target: Target; provider: Modalities[M] } {
    const found = target(modality)
    if (!found) {
      const { engine, field } = KIND[modality]
      throw badRequest(`${why}, and this gateway has no ${modality} model to do it: add a model with engine: ${engine} to the config, or name one in ${field}.`, param, 'audio_not_supported')
    }
    return { target: found, provider: registry.resolve(modality, providerConfigs(found.provider)) }
  }

  return {
    /** The prices of the model a modality would use, for credit holds; null when there is none (the step then refuses). */
    pricingOf: (modality: AudioModality) => target(modality)?.model.pricing ?? null,
    transcriber: (param: string, why: string) => use('transcription', param, why),
    speaker: (param: string, why: string) => use('speech', param, why),
  }
}

export type ChatAudioModels = ReturnType<typeof createChatAudioModels>
