import type { EmbeddingsRequest } from '../../providers/contracts/embeddings'
import { chatCostMicro, textTokensCeiling } from '../credits/pricing'
import type { Pipeline, ServedBy } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import type { ModelRow } from '../../store/repos/models-repo'
import { tokenEstimate } from '../governance/governor'

export type EmbeddingInput = string | number[]

export interface EmbedOptions {
  /** Fewer dimensions than the model's own, where the model allows it. */
  dimensions?: number
  user?: string
  /** `?fallbacks=`; the team's setting when undefined. */
  useFallbacks?: boolean
}

export interface Embedded extends ServedBy {
  /** One vector per input, in order. */
  vectors: number[][]
  promptTokens: number
  /** What the request cost, in micro-credits. */
  creditsMicro: number
}

/** The most tokens the inputs can take (token arrays count as they are). */
const inputTokensCeiling = (inputs: readonly EmbeddingInput[]) => inputs.reduce((n, i) => n + (typeof i === 'string' ? textTokensCeiling(i) : i.length), 0)

/**
 * Embeddings through the pipeline: the model (and its fallbacks) runs here (llama.cpp on a GGUF
 * embedding model) or on an OpenAI-compatible upstream; billed per input token at the model's `input`
 * price, one usage row per call. `/v1/embeddings` and the gateway's own tools (document indexing) call it.
 */
export function createEmbeddingsService({ pipeline }: { pipeline: Pipeline }) {
  return {
    async embed(ctx: RequestContext, model: string, inputs: readonly EmbeddingInput[], options: EmbedOptions = {}): Promise<Embedded> {
      const { target } = pipeline.resolve(ctx, model, 'embeddings')
      const estimate = inputTokensCeiling(inputs)
      const run = pipeline.begin(ctx, target, {
        endpoint: 'embeddings',
        modality: 'embeddings',
        requestedModel: model,
        useFallbacks: options.useFallbacks,
        hold: (chain) => Math.max(...chain.map((t) => chatCostMicro(t.model.pricing, { prompt_tokens: estimate, completion_tokens: 0 }))),
        tokens: tokenEstimate(estimate, 0),
      })
      const request: EmbeddingsRequest = { input: [...inputs], dimensions: options.dimensions, user: options.user }
      try {
        const { value, ...served } = await pipeline.attempt(run, (provider, callCtx) => provider.embed(request, callCtx))
        const creditsMicro = chatCostMicro(served.target.model.pricing, { prompt_tokens: value.promptTokens, completion_tokens: 0 })
        pipeline.settle(run, { target: served.target, status: 200, promptTokens: value.promptTokens, creditsMicro })
        return { vectors: value.vectors, promptTokens: value.promptTokens, creditsMicro, ...served }
      } catch (err) {
        pipeline.fail(run, err)
        throw err
      }
    },

    /** The gateway's own embedding (a RAG collection's documents and queries): the model itself, outside any team's request. */
    async embedDirect(model: ModelRow, texts: string[], signal: AbortSignal, requestId: string): Promise<Float32Array[]> {
      const { provider, ctx } = pipeline.direct('embeddings', model, signal, requestId)
      const { vectors } = await provider.embed({ input: texts }, ctx)
      return vectors.map((v) => Float32Array.from(v))
    },
  }
}

export type EmbeddingsService = ReturnType<typeof createEmbeddingsService>
