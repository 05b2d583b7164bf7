import type { SpeechRequest, SpeechResult, TranscriptionRequest, TranscriptionResult } from '../../providers/contracts/audio'
import { heardCostMicro, spokenCostMicro } from '../credits/pricing'
import type { Pipeline, ServedBy } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'


/**
 * Speech, transcription and translation through the pipeline: the model (and its fallbacks) runs
 * here (whisper.cpp, Flite/eSpeak NG) or on an OpenAI-compatible upstream; charged by characters
 * spoken or seconds heard.
 */
export function createAudioService({ pipeline }: { pipeline: Pipeline }) {
  return {
    async speak(ctx: RequestContext, model: string, req: SpeechRequest, useFallbacks?: boolean): Promise<{ result: SpeechResult } & ServedBy> {
      const { target } = pipeline.resolve(ctx, model, 'speech')
      const characters = Array.from(req.input).length
      const run = pipeline.begin(ctx, target, {
        endpoint: 'audio.speech',
        modality: 'speech',
        requestedModel: model,
        useFallbacks,
        hold: (chain) => Math.max(...chain.map((t) => spokenCostMicro(t.model.pricing, characters))),
      })
      try {
        const { value: result, ...served } = await pipeline.attempt(run, (provider, callCtx) => provider.speak(req, callCtx))
        pipeline.settle(run, { target: served.target, status: 200, characters, creditsMicro: spokenCostMicro(served.target.model.pricing, characters) })
        return { result, ...served }
      } catch (err) {
        pipeline.fail(run, err)
        throw err
      }
    },

    async transcribe(ctx: RequestContext, model: string, req: TranscriptionRequest, useFallbacks?: boolean): Promise<{ result: TranscriptionResult } & ServedBy> {
      const { target } = pipeline.resolve(ctx, model, 'transcription')
      const run = pipeline.begin(ctx, target, {
        endpoint: req.task === 'translate' ? 'audio.translations' : 'audio.transcriptions',
        modality: 'transcription',
        requestedModel: model,
        useFallbacks,
        hold: () => 0,
      })
      try {
        const { value: result, ...served } = await pipeline.attempt(run, (provider, callCtx) => provider.transcribe(req, callCtx))
        const creditsMicro = heardCostMicro(served.target.model.pricing, result.duration)
        pipeline.settle(run, { target: served.target, status: 200, audioSeconds: result.duration, creditsMicro })
        return { result, ...served }
      } catch (err) {
        pipeline.fail(run, err)
        throw err
      }
    },
  }
}

export type AudioService = ReturnType<typeof createAudioService>
