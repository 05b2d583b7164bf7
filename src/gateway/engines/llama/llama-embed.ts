/** Embeddings inside the worker: one vector per input, L2-normalized, cut short only where the model allows. */
import { type Token } from 'node-llama-cpp'
import { EngineRequestError } from '../host/engine-protocol'
import type { LlamaEmbedJob, LlamaEmbedResult } from './llama-protocol'
import { modelRuntime } from './llama-runtime'

const normalized = (v: number[]): number[] => {
  const norm = Math.hypot(...v)
  return norm > 0 ? v.map((x) => x / norm) : v
}

export async function runEmbed(job: LlamaEmbedJob, signal: AbortSignal): Promise<LlamaEmbedResult> {
  const runtime = await modelRuntime(job.modelPath, job.load)
  const { model } = runtime
  const native = model.embeddingVectorSize
  const dims = job.dimensions ?? native
  if (dims > native || (dims < native && !job.truncatable)) {
    const how = job.truncatable ? `at most ${native}` : `${native} (this model was not trained to have its vectors shortened)`
    throw new EngineRequestError(`dimensions: this model's vectors have ${native} dimensions; ask for ${how}.`, { status: 400, code: 'invalid_value', param: 'dimensions' })
  }
  const context = await runtime.embeddingContext(job.contextSize, job.threads)
  const limit = runtime.contextSize(job.contextSize)
  const vocab = runtime.vocabularySize()
  const vectors: number[][] = []
  let promptTokens = 0
  for (const [i, input] of job.inputs.entries()) {
    if (signal.aborted) throw signal.reason
    const tokens = typeof input === 'string' ? model.tokenize(input) : (input as Token[])
    if (typeof input !== 'string' && input.some((t) => !Number.isInteger(t) || t < 0 || t >= vocab)) {
      throw new EngineRequestError(`input[${i}] has a token id outside this model's vocabulary (0 to ${vocab - 1}).`, { status: 400, code: 'invalid_value', param: 'input' })
    }
    if (tokens.length > limit) {
      throw new EngineRequestError(`input[${i}] has ${tokens.length} tokens; this model embeds at most ${limit} at once.`, { status: 400, code: 'context_length_exceeded', param: 'input' })
    }
    const embedding = await context.getEmbeddingFor(typeof input === 'string' ? input : tokens)
    promptTokens += tokens.length
    vectors.push(normalized([...embedding.vector].slice(0, dims)))
  }
  return { vectors, promptTokens, modelDimensions: native }
}
