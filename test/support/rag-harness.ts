import { createLlamaEngine } from '../../src/gateway/engines/llama/llama-engine'
import { resolveConfig } from '../../src/gateway/config/load-config'
import { randomIds } from '../../src/gateway/kernel/system-runtime'
import { aesGcmCipher } from '../../src/gateway/security/secret-cipher'
import { seedFromConfig } from '../../src/gateway/services/config-seed'
import type { Embedder } from '../../src/gateway/services/tools/rag/embedder'
import { createDocumentEngine } from '../../src/gateway/engines/documents/document-engine'
import { createRagService } from '../../src/gateway/services/tools/rag/rag-service'
import { openStore } from '../../src/gateway/store/store'
import { manualClock } from './harness'
import { TEST_LLAMA_MODEL } from './llama-models'

export const EMBED_MODEL = 'stories-embed'

/**
 * A RAG service over a real SQLite store whose config has one local embedding model, the llama test
 * model, embedded through the real llama engine (worker process). Until the gateway's embeddings
 * service is wired in, this is the Embedder the tests use.
 */
export function startRagHarness(opts: { vectors?: boolean } = {}) {
  const store = openStore(':memory:')
  const config = resolveConfig(
    { providers: [{ id: 'local', type: 'local' }], models: [{ name: EMBED_MODEL, provider: 'local', engine: 'llama', kind: 'embedding', file: TEST_LLAMA_MODEL }], teams: [{ name: 'alpha' }] },
    'rag test',
    {},
  )
  const clock = manualClock()
  seedFromConfig(config, { store, clock, ids: randomIds, cipher: aesGcmCipher(Buffer.alloc(32, 7)) })
  const llama = opts.vectors === false ? null : createLlamaEngine({ contextSize: 512 })
  let calls = 0
  const embedder: Embedder = {
    async embed(texts, signal) {
      calls++
      const out = await llama!.engine.embed({ modelPath: TEST_LLAMA_MODEL, inputs: texts, dimensions: null, truncatable: false }, { signal })
      return out.vectors.map((v) => Float32Array.from(v))
    },
  }
  const documents = createDocumentEngine()
  const rag = createRagService({ store, clock, ids: randomIds, embedders: () => embedder, documents })
  return {
    store,
    rag,
    embedCalls: () => calls,
    async close() {
      await llama?.host.close()
      await documents.close()
      store.close()
    },
  }
}
