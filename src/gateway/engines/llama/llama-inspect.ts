/**
 * Inside a llama worker: what a GGUF file is and what it would need, read from its header alone (a local
 * path, or a URL read with HTTP Range requests, so a multi-gigabyte file is judged before it is fetched).
 */
import { GgufInsights, readGgufFileInfo, resolveChatWrapper } from 'node-llama-cpp'
import { EngineRequestError } from '../host/engine-protocol'
import { llamaBackend } from './llama-runtime'
import type { GgufInspectJob, GgufInspection } from './llama-protocol'

const SAMPLE_CHAT = [
  { type: 'system' as const, text: 'You are a helpful assistant.' },
  { type: 'user' as const, text: 'What is the capital of France?' },
  { type: 'model' as const, response: ['Paris.'] },
  { type: 'user' as const, text: 'And of Italy?' },
  { type: 'model' as const, response: [''] },
]
/** Big arrays nobody here reads: the vocabulary alone can be megabytes. */
const SKIPPED_KEYS = ['tokenizer.ggml.tokens', 'tokenizer.ggml.scores', 'tokenizer.ggml.token_type', 'tokenizer.ggml.merges']
const MAX_TEMPLATE = 16_000

export async function inspectGguf(job: GgufInspectJob, signal: AbortSignal): Promise<GgufInspection> {
  const network = /^https?:\/\//i.test(job.source)
  let info
  try {
    info = await readGgufFileInfo(job.source, { sourceType: network ? 'network' : 'filesystem', logWarnings: false, ignoreKeys: SKIPPED_KEYS, fetchRetryOptions: { retries: 1 }, signal })
  } catch (e) {
    throw new EngineRequestError(`the GGUF header of ${job.source} could not be read: ${(e as Error).message}`, { status: 502, code: 'gguf_header_unreadable' })
  }
  const { llama } = await llamaBackend(job.gpu)
  const insights = await GgufInsights.from(info, llama)
  const layers = insights.totalLayers
  const contextSize = Math.min(job.contextSize, insights.trainContextSize ?? job.contextSize)
  const onGpu = insights.estimateModelResourceRequirements({ gpuLayers: layers })
  const onCpu = insights.estimateModelResourceRequirements({ gpuLayers: 0 })
  const ctxGpu = insights.estimateContextResourceRequirements({ contextSize, modelGpuLayers: layers, sequences: 1 })
  const ctxCpu = insights.estimateContextResourceRequirements({ contextSize, modelGpuLayers: 0, sequences: 1 })
  const template = info.metadata.tokenizer?.chat_template
  const wrapper = resolveChatWrapper({ fileInfo: info, filename: job.source.split('/').pop(), noJinja: false })
  let sample: string | null = null
  try {
    sample = wrapper ? wrapper.generateContextState({ chatHistory: SAMPLE_CHAT }).contextText.toString() : null
  } catch {
    sample = null
  }
  const general = info.metadata.general
  return {
    architecture: general?.architecture ?? null,
    name: general?.name ?? null,
    layers,
    parameters: insights.totalParameters || null,
    trainContextSize: insights.trainContextSize ?? null,
    embedding: insights.hasEncoder && !insights.hasDecoder,
    chatTemplate: typeof template === 'string' ? template.slice(0, MAX_TEMPLATE) : null,
    chatWrapper: wrapper?.wrapperName ?? null,
    templateSample: sample,
    contextSize,
    gpu: { ramBytes: onGpu.cpuRam + ctxGpu.cpuRam, vramBytes: onGpu.gpuVram + ctxGpu.gpuVram },
    cpu: { ramBytes: onCpu.cpuRam + ctxCpu.cpuRam, vramBytes: onCpu.gpuVram + ctxCpu.gpuVram },
    weightsBytes: insights.modelSize,
  }
}
