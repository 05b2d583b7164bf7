/** The llama test model (../shared/models/llm) and a corrupt GGUF made from it, for engine and provider tests. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sharedPath } from '../../src/gateway/engines/engine-test-support'

/** 260K-parameter llama on TinyStories, no chat template, 64-dimension embeddings, 2048-token context. */
export const TEST_LLAMA_MODEL = sharedPath('models', 'llm', 'stories260K.gguf')
export const TEST_LLAMA_MODEL_SHA256 = '270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d'

/** A file in `dir` with a valid GGUF header whose tensor data is cut off: llama.cpp refuses to load it. */
export function makeCorruptGguf(dir: string): string {
  const path = join(dir, 'truncated.gguf')
  const bytes = readFileSync(TEST_LLAMA_MODEL)
  writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 3)))
  return path
}
