import { GatewayError } from '../../../../shared/errors'
import type { ModelRow } from '../../../store/repos/models-repo'

/** Texts -> one vector each, all of one length. What RAG needs from an embedding model, wherever it runs. */
export interface Embedder {
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>
}

/**
 * The embedder of a collection's embedding model (a model row of kind `embedding`). The gateway passes
 * one built on its embeddings service (boot/services.ts); tests pass one on the llama engine.
 */
export type EmbedderSource = (model: ModelRow) => Embedder

/** Until an embeddings service is wired in, collections can still be made and searched by full text. */
export const noEmbeddings: EmbedderSource = (model) => ({
  embed: () =>
    Promise.reject(
      new GatewayError({
        status: 400,
        type: 'invalid_request_error',
        code: 'embeddings_unavailable',
        param: 'embedding_model',
        message: `This gateway cannot embed with "${model.name}" yet: it has no embeddings service. Make the collection without embedding_model for full-text search.`,
      }),
    ),
})
