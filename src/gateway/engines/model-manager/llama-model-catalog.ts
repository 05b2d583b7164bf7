/**
 * Small GGUF models for the llama engine, downloadable like the whisper models. Sizes and sha256 are
 * those of the files at these URLs, each found in at least two independent published manifests
 * (nomic-embed-text: one manifest pinned to repository revision 0188c9bf; see the commit message).
 */
import type { CatalogModel } from './whisper-model-catalog'

const gguf = (m: Omit<CatalogModel, 'multilingual'>): CatalogModel => ({ ...m, multilingual: true })

export const LLAMA_CHAT_MODEL_CATALOG: CatalogModel[] = [
  gguf({
    name: 'qwen2.5-0.5b-instruct',
    kind: 'chat',
    fileName: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    sizeBytes: 491_400_032,
    sha256: '74a4da8c9fdbcd15bd1f6d01d621410d31c6fc00986f5eb687824e7b93d7a9db',
    license: 'Apache-2.0',
    description: 'Qwen2.5 0.5B Instruct (Q4_K_M): small and quick, 29 languages, good at JSON and tool calls',
  }),
  gguf({
    name: 'llama-3.2-1b-instruct',
    kind: 'chat',
    fileName: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    url: 'https://huggingface.co/bartowski/Llama-3.2-1B-Instruct-GGUF/resolve/main/Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    sizeBytes: 807_694_464,
    sha256: '6f85a640a97cf2bf5b8e764087b1e83da0fdb51d7c9fab7d0fece9385611df83',
    license: 'Llama 3.2 Community License',
    description: 'Llama 3.2 1B Instruct (Q4_K_M): the best answers of these three, slower. Built with Llama',
  }),
  gguf({
    name: 'smollm2-360m-instruct',
    kind: 'chat',
    fileName: 'SmolLM2-360M-Instruct-Q4_K_M.gguf',
    url: 'https://huggingface.co/bartowski/SmolLM2-360M-Instruct-GGUF/resolve/main/SmolLM2-360M-Instruct-Q4_K_M.gguf',
    sizeBytes: 270_590_880,
    sha256: '2fa3f013dcdd7b99f9b237717fa0b12d75bbb89984cc1274be1471a465bac9c2',
    license: 'Apache-2.0',
    description: 'SmolLM2 360M Instruct (Q4_K_M): the smallest and fastest, English',
  }),
]

export const LLAMA_EMBEDDING_MODEL_CATALOG: CatalogModel[] = [
  gguf({
    name: 'bge-small-en-v1.5',
    kind: 'embedding',
    fileName: 'bge-small-en-v1.5-q8_0.gguf',
    url: 'https://huggingface.co/CompendiumLabs/bge-small-en-v1.5-gguf/resolve/main/bge-small-en-v1.5-q8_0.gguf',
    sizeBytes: 36_806_944,
    sha256: 'ec38e8da142596baa913124ae50550de284b6916bf59577ef2f0cb9660c2f514',
    license: 'MIT',
    description: 'BGE small English v1.5 (Q8_0): 384-dimension text embeddings for search',
    embedding: { dimensions: 384, truncatable: false },
  }),
  gguf({
    name: 'nomic-embed-text-v1.5',
    kind: 'embedding',
    fileName: 'nomic-embed-text-v1.5.Q8_0.gguf',
    url: 'https://huggingface.co/nomic-ai/nomic-embed-text-v1.5-GGUF/resolve/0188c9bf409793f810680a5a431e7b899c46104c/nomic-embed-text-v1.5.Q8_0.gguf',
    sizeBytes: 146_146_432,
    sha256: '3e24342164b3d94991ba9692fdc0dd08e3fd7362e0aacc396a9a5c54a544c3b7',
    license: 'Apache-2.0',
    description: 'Nomic Embed Text v1.5 (Q8_0): 768 dimensions, may be shortened to 512, 256, 128 or 64 (Matryoshka)',
    embedding: { dimensions: 768, truncatable: true },
  }),
]

export const LLAMA_MODEL_CATALOG: CatalogModel[] = [...LLAMA_CHAT_MODEL_CATALOG, ...LLAMA_EMBEDDING_MODEL_CATALOG]
