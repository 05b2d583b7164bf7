import { statSync } from 'node:fs'
import type { SpeechRequest, SpeechResult, TranscriptDelta, TranscriptionRequest, TranscriptionResult } from '../../providers/contracts/audio'
import { GatewayError, isGatewayError } from '../../../shared/errors'
import { audioSecondsCeiling, heardCostMicro, spokenCostMicro } from '../credits/pricing'
import type { Pipeline, ServedBy } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'

export type { TimestampGranularity, TranscriptDelta, TranscriptionResult } from '../../providers/contracts/audio'

/** An error after text went out belongs to the model that sent it: no fallback may answer over it. */
const settledOn = (err: unknown) => (isGatewayError(err) ? new GatewayError({ status: err.status, type: err.type, code: err.code ?? undefined, message: err.message }) : err)

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

    /**
     * With `onDelta`, text streams as it is recognised, tagged with the model producing it. Once a model
     * has streamed text it is the one that answers: a later failure is not handed to a fallback.
     */
    async transcribe(
      ctx: RequestContext,
      model: string,
      req: TranscriptionRequest,
      useFallbacks?: boolean,
      onDelta?: (delta: TranscriptDelta, served: ServedBy) => void,
    ): Promise<{ result: TranscriptionResult } & ServedBy> {
      const { target } = pipeline.resolve(ctx, model, 'transcription')
      const maxSeconds = audioSecondsCeiling(typeof req.file === 'string' ? statSync(req.file).size : req.file.length)
      const run = pipeline.begin(ctx, target, {
        endpoint: req.task === 'translate' ? 'audio.translations' : 'audio.transcriptions',
        modality: 'transcription',
        requestedModel: model,
        useFallbacks,
        hold: (chain) => Math.max(...chain.map((t) => heardCostMicro(t.model.pricing, maxSeconds))),
      })
      try {
        const { value: result, ...served } = await pipeline.attempt(run, async (provider, callCtx, _last, target) => {
          let streamed = false
          const served: ServedBy = { target, fallbacksUsed: run.chain.slice(0, run.chain.indexOf(target)).map((t) => t.model.name) }
          try {
            return await provider.transcribe(req, callCtx, onDelta && ((delta) => ((streamed = true), onDelta(delta, served))))
          } catch (err) {
            throw streamed ? settledOn(err) : err
          }
        })
        const creditsMicro = heardCostMicro(served.target.model.pricing, result.duration)
        pipeline.settle(run, { target: served.target, status: 200, stream: onDelta !== undefined, audioSeconds: result.duration, creditsMicro })
        return { result, ...served }
      } catch (err) {
        pipeline.fail(run, err, onDelta !== undefined)
        throw err
      }
    },
  }
}

export type AudioService = ReturnType<typeof createAudioService>
