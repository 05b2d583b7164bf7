/**
 * What the gateway sends to the llama.cpp worker and what comes back: plain data, no node-llama-cpp
 * types, so the gateway side never loads the native library.
 */
import type { GrammarJsonSchema } from './grammar-schema'

/** One turn of the conversation, already stripped of the OpenAI wire shape. */
export type LlamaTurn =
  | { role: 'system'; text: string }
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: LlamaToolCallRecord[] }

export interface LlamaToolCallRecord {
  name: string
  /** The arguments as the model wrote them (parsed when they were JSON). */
  arguments: unknown
  /** The tool message that answered this call, when there was one. */
  result?: string
}

export interface LlamaToolSpec {
  name: string
  description?: string
  /** JSON Schema of the arguments, already narrowed to what a grammar can enforce. */
  parameters: GrammarJsonSchema
}

export type LlamaToolChoice = 'auto' | 'required' | { name: string }

export interface LlamaSampling {
  /** 0 is greedy. */
  temperature: number
  topP: number
  /** Unsigned 32-bit; the same seed and prompt give the same text. */
  seed: number
  frequencyPenalty: number
  presencePenalty: number
  /** Token id -> value added to its logit (OpenAI's logit_bias). */
  logitBias: Record<string, number>
}

export type LlamaResponseFormat = { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; schema: GrammarJsonSchema }

import type { GpuSetting } from '../../../shared/local-model-settings'

export type { GpuSetting }

/** The llama.cpp build a worker runs on, with the machine's memory, for `GET /admin/engines`. */
export interface GpuBackendReport {
  requested: GpuSetting
  backend: 'cpu' | 'metal' | 'cuda' | 'vulkan'
  devices: string[]
  /** Null on the CPU. */
  vram: { totalBytes: number; freeBytes: number } | null
  ram: { totalBytes: number; freeBytes: number }
  /** Why it runs on the CPU (or null when it runs where asked). */
  reason: string | null
}

/** How a worker loads its model: which build, and how many layers go to the GPU ('auto': as many as fit). */
export interface LlamaLoadSettings {
  gpu: GpuSetting
  gpuLayers: number | 'auto'
}

/** Read a GGUF header (a path, or a URL read with Range requests) and estimate its memory for a context size. */
export interface GgufInspectJob {
  source: string
  contextSize: number
  gpu: GpuSetting
}

/** A GGUF file as its header describes it, and what it would hold fully on the GPU or on the CPU (weights plus one sequence's context). */
export interface GgufInspection {
  architecture: string | null
  name: string | null
  layers: number
  parameters: number | null
  trainContextSize: number | null
  /** An encoder-only model (BERT-like): an embedding model. */
  embedding: boolean
  /** The Jinja chat template in the file, when it has one. */
  chatTemplate: string | null
  /** How node-llama-cpp will format chats for it (its chat wrapper), and a short conversation as the model would see it. */
  chatWrapper: string | null
  templateSample: string | null
  contextSize: number
  gpu: LlamaMemory
  cpu: LlamaMemory
  /** The tensors' bytes: the weights, whatever the split between RAM and VRAM. */
  weightsBytes: number
}

/** What a loaded model and its context hold, in RAM and in VRAM. */
export interface LlamaMemory {
  ramBytes: number
  vramBytes: number
}

export interface LlamaChatJob {
  modelPath: string
  contextSize: number
  threads: number | null
  load?: LlamaLoadSettings
  turns: LlamaTurn[]
  /** Set: this text is the whole prompt, continued as it is (legacy completions on a base model); `turns` and the chat template are not used. */
  rawPrompt?: string
  /** Choices to generate, one after another on the same prompt. */
  n: number
  /** Null: until the model stops or the context is full. */
  maxTokens: number | null
  stop: string[]
  sampling: LlamaSampling
  /** Null: no logprobs; a number: logprobs with that many alternatives per token (0-20). */
  topLogprobs: number | null
  responseFormat: LlamaResponseFormat
  /** Empty when the model may not call tools (none given, or tool_choice none). */
  tools: LlamaToolSpec[]
  toolChoice: LlamaToolChoice
}

export interface LlamaTopLogprob {
  token: string
  logprob: number
  bytes: number[]
}

export interface LlamaTokenLogprob extends LlamaTopLogprob {
  top: LlamaTopLogprob[]
}

export type LlamaFinishReason = 'stop' | 'length' | 'tool_calls'

/** Streamed by a running chat job. */
export type LlamaChatEvent =
  | { type: 'text'; choice: number; text: string; logprobs: LlamaTokenLogprob[] | null }
  | { type: 'tool_call'; choice: number; index: number; name: string; arguments: string }
  | { type: 'finish'; choice: number; reason: LlamaFinishReason }

export interface LlamaChoiceResult {
  index: number
  text: string
  toolCalls: Array<{ name: string; arguments: string }>
  finishReason: LlamaFinishReason
  logprobs: LlamaTokenLogprob[] | null
}

export interface LlamaChatResult {
  choices: LlamaChoiceResult[]
  promptTokens: number
  /** Generated tokens over all choices. */
  completionTokens: number
  /** Prompt tokens whose state was already in the KV cache (a conversation's earlier turns). */
  cachedTokens: number
  /** What the model and its context hold, estimated by llama.cpp's own figures, for the memory budget. */
  memory?: LlamaMemory
}

/** How many tokens a conversation takes as this model's prompt (its template rendered, tools documented). */
export interface LlamaCountJob {
  modelPath: string
  load?: LlamaLoadSettings
  turns: LlamaTurn[]
  tools: LlamaToolSpec[]
}

export interface LlamaEmbedJob {
  modelPath: string
  contextSize: number
  threads: number | null
  load?: LlamaLoadSettings
  /** Texts or token arrays, one vector each. */
  inputs: Array<string | number[]>
  /** Fewer dimensions than the model's, for models trained for it (Matryoshka); null: the model's own. */
  dimensions: number | null
  /** The model was trained so that its vectors may be cut short (Matryoshka representation learning). */
  truncatable: boolean
}

export interface LlamaEmbedResult {
  /** L2-normalized, like OpenAI's. */
  vectors: number[][]
  promptTokens: number
  /** The model's own vector size. */
  modelDimensions: number
}
