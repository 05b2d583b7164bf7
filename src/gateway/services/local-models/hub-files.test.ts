import { describe, expect, it } from 'vitest'
import { installNameOf, modelFileChoices, quantOf, repoKind } from './hub-files'

describe('hub files', () => {
  it('reads the quantization from the file name', () => {
    expect(quantOf('Llama-3.2-1B-Instruct-Q4_K_M.gguf')).toBe('Q4_K_M')
    expect(quantOf('qwen2.5-0.5b-instruct-q8_0.gguf')).toBe('Q8_0')
    expect(quantOf('Meta-Llama-3.1-8B-Instruct-IQ2_XS.gguf')).toBe('IQ2_XS')
    expect(quantOf('model-f16.gguf')).toBe('F16')
    expect(quantOf('ggml-tiny.en-q5_1.bin')).toBe('Q5_1')
    expect(quantOf('stories260K.gguf')).toBeNull()
  })

  it('lists model files smallest first, one entry per split model, without projectors', () => {
    const files = [
      { path: 'm-Q8_0.gguf', sizeBytes: 800, sha256: 'a' },
      { path: 'README.md', sizeBytes: 10, sha256: null },
      { path: 'mmproj-m-f16.gguf', sizeBytes: 300, sha256: 'b' },
      { path: 'm-Q4_K_M.gguf', sizeBytes: 500, sha256: 'c' },
      { path: 'm-F16-00001-of-00002.gguf', sizeBytes: 1000, sha256: 'd' },
      { path: 'm-F16-00002-of-00002.gguf', sizeBytes: 600, sha256: 'e' },
    ]
    expect(modelFileChoices(files, 'chat')).toEqual([
      { file: 'm-Q4_K_M.gguf', quant: 'Q4_K_M', sizeBytes: 500, sha256: 'c', kind: 'chat', parts: 1 },
      { file: 'm-Q8_0.gguf', quant: 'Q8_0', sizeBytes: 800, sha256: 'a', kind: 'chat', parts: 1 },
      { file: 'm-F16-00001-of-00002.gguf', quant: 'F16', sizeBytes: 1600, sha256: null, kind: 'chat', parts: 2 },
    ])
    expect(modelFileChoices([{ path: 'ggml-tiny.bin', sizeBytes: 7, sha256: 'x' }, { path: 'ggml-tiny-encoder.mlmodelc.zip', sizeBytes: 9, sha256: 'y' }], 'whisper').map((f) => f.file)).toEqual(['ggml-tiny.bin'])
  })

  it('tells chat, embedding and whisper repositories apart by their tags', () => {
    expect(repoKind({ id: 'bartowski/Llama-3.2-1B-Instruct-GGUF', tags: ['gguf', 'text-generation'], pipelineTag: 'text-generation' })).toBe('chat')
    expect(repoKind({ id: 'CompendiumLabs/bge-small-en-v1.5-gguf', tags: ['gguf', 'feature-extraction'], pipelineTag: null })).toBe('embedding')
    expect(repoKind({ id: 'ggerganov/whisper.cpp', tags: [], pipelineTag: 'automatic-speech-recognition' })).toBe('whisper')
  })

  it('names an installed file after it, as model names allow', () => {
    expect(installNameOf('sub/Llama-3.2-1B-Instruct-Q4_K_M.gguf')).toBe('Llama-3.2-1B-Instruct-Q4_K_M')
    expect(installNameOf('ggml-tiny.bin')).toBe('ggml-tiny')
  })
})
