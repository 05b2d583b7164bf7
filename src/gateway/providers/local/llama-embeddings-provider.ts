import { basename } from 'node:path'
import type { LlamaEngine } from '../../engines/llama/llama-engine'
import { LLAMA_EMBEDDING_MODEL_CATALOG } from '../../engines/model-manager/llama-model-catalog'
import type { ModelManager } from '../../engines/model-manager/model-manager'
import type { EmbeddingsProvider } from '../contracts/embeddings'
import { llamaCallOptions, localModelFile } from './local-model-file'

/**
 * Embeddings on local GGUF models through the llama engine. Vectors may be shortened (`dimensions`)
 * only on models trained for it, which the catalog records by file name; any other file keeps its size.
 */
export function createLlamaEmbeddingsProvider(options: { engine: LlamaEngine; models?: ModelManager }): EmbeddingsProvider {
  return {
    async embed(req, ctx) {
      const modelPath = await localModelFile(ctx.model, 'embedding', options.models)
      const truncatable = LLAMA_EMBEDDING_MODEL_CATALOG.find((m) => m.fileName === basename(modelPath))?.embedding?.truncatable ?? false
      const result = await options.engine.embed({ modelPath, inputs: req.input, dimensions: req.dimensions ?? null, truncatable }, llamaCallOptions(ctx))
      return { vectors: result.vectors, promptTokens: result.promptTokens }
    },
  }
}
