/**
 * Models the model manager can download. Sizes and sha256 values are those of the files in the
 * Hugging Face repositories (LFS metadata, cross-checked against two independent manifests).
 */
import { LLAMA_MODEL_CATALOG } from './llama-model-catalog'

/** whisper and vad: whisper.cpp ggml files; chat and embedding: GGUF files for llama.cpp. */
export type LocalModelKind = 'whisper' | 'vad' | 'chat' | 'embedding'

export interface CatalogModel {
  /** What requests and the admin UI call it: 'tiny', 'base.en', 'silero-v6.2.0'. */
  name: string
  kind: LocalModelKind
  fileName: string
  url: string
  sizeBytes: number | null
  /** Lower-case hex; null when not known (then only the size is checked). */
  sha256: string | null
  /** Whisper: false for the English-only `.en` models. */
  multilingual: boolean
  description: string
  /** The licence of the weights, as their publisher names it. */
  license?: string
  /** Embedding models: their vector size, and whether it may be cut short (Matryoshka-trained). */
  embedding?: { dimensions: number; truncatable: boolean }
}

const WHISPER_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main'

const whisper = (name: string, sizeBytes: number, sha256: string, description: string): CatalogModel => ({
  name,
  kind: 'whisper',
  fileName: `ggml-${name}.bin`,
  url: `${WHISPER_BASE_URL}/ggml-${name}.bin`,
  sizeBytes,
  sha256,
  multilingual: !name.endsWith('.en'),
  description,
})

export const WHISPER_MODEL_CATALOG: CatalogModel[] = [
  whisper('tiny', 77_691_713, 'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21', 'Whisper tiny, 99 languages, fastest'),
  whisper('tiny.en', 77_704_715, '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f', 'Whisper tiny, English only'),
  whisper('base', 147_951_465, '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe', 'Whisper base, 99 languages'),
  whisper('base.en', 147_964_211, 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002', 'Whisper base, English only'),
  whisper('small', 487_601_967, '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b', 'Whisper small, 99 languages, most accurate here'),
  whisper('small.en', 487_614_201, 'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d', 'Whisper small, English only'),
]

export const VAD_MODEL_CATALOG: CatalogModel[] = [
  {
    name: 'silero-v6.2.0',
    kind: 'vad',
    fileName: 'ggml-silero-v6.2.0.bin',
    url: 'https://huggingface.co/ggml-org/whisper-vad/resolve/main/ggml-silero-v6.2.0.bin',
    sizeBytes: 885_098,
    sha256: '2aa269b785eeb53a82983a20501ddf7c1d9c48e33ab63a41391ac6c9f7fb6987',
    multilingual: true,
    description: 'Silero voice activity detection: finds the speech in long recordings',
  },
]

export const DEFAULT_MODEL_CATALOG: CatalogModel[] = [...WHISPER_MODEL_CATALOG, ...VAD_MODEL_CATALOG, ...LLAMA_MODEL_CATALOG]
export const DEFAULT_VAD_MODEL = 'silero-v6.2.0'
