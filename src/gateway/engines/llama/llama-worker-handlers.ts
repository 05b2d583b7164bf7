/** Runs in the llama engine's worker processes (see llama-engine.ts). */
import type { EngineJobContext } from '../host/engine-protocol'
import { runChat } from './llama-chat'
import { runEmbed } from './llama-embed'
import { inspectGguf } from './llama-inspect'
import type { GgufInspectJob, GpuSetting, LlamaChatJob, LlamaCountJob, LlamaEmbedJob } from './llama-protocol'
import { renderPrompt } from './llama-prompt'
import { llamaBackend, modelRuntime } from './llama-runtime'

export const engineHandlers = {
  chat: (payload: { job: LlamaChatJob; sequences: number }, ctx: EngineJobContext) => runChat(payload.job, payload.sequences, ctx),
  embed: (payload: { job: LlamaEmbedJob }, ctx: EngineJobContext) => runEmbed(payload.job, ctx.signal),
  countTokens: async (payload: { job: LlamaCountJob }) => {
    const { model } = await modelRuntime(payload.job.modelPath, payload.job.load)
    return { tokens: renderPrompt(model, payload.job.turns, payload.job.tools).tokens.length }
  },
  inspect: (payload: { job: GgufInspectJob }, ctx: EngineJobContext) => inspectGguf(payload.job, ctx.signal),
  /** The build this worker runs on and the machine's memory (loads the backend, not a model). */
  backend: async (payload: { gpu: GpuSetting }) => (await llamaBackend(payload.gpu)).report,
}
