import type { ChatCompletion, ChatCompletionRequest } from '../../../shared/chat/types'
import type { ChatStream } from '../../providers/contracts/chat'
import type { RequestContext } from '../pipeline/request-context'
import type { ToolRunLog } from '../../store/repos/usage-repo'
import type { Target } from '../routing/resolve-model'

/** Work a step did for the request (audio heard, characters spoken): added to its usage row and its cost. */
export interface StepCharges {
  audioSeconds: number
  characters: number
  creditsMicro: number
}

/** What a step knows while it runs: the request, the model about to answer, and its own scratch space. */
export interface ChatStepContext {
  request: RequestContext
  /** The model about to answer (a fallback gets its own pass through the steps). */
  target: Target
  /** Per-request state shared by a step's hooks and kept across fallback attempts (work done once stays done). */
  state: Map<string, unknown>
  /** Per request, like `state`: what steps add here is billed with the answer. */
  charges: StepCharges
  /** The request's gateway-run tools, logged with its usage row: a step adds each tool it runs. */
  tools: ToolRunLog[]
}

/**
 * Work the gateway does around a chat model's call, for any model, upstream or local: before the call
 * a step may rewrite the request (transcribe audio the model cannot hear, run gateway tools and put
 * what they found into the messages); after it, add to the answer (speak it, cite sources), whole or
 * streamed. Steps run in order before the call and in reverse order after it.
 */
export interface ChatStep {
  name: string
  /**
   * Whether the step has anything to do for this request, whichever model answers (it asks for audio, names
   * a gateway tool...): when no step has, the model is called directly, without the steps' per-request
   * state and promise hops. A step without it always runs.
   */
  appliesTo?(req: ChatCompletionRequest): boolean
  /**
   * The most this step may add to the request's cost, in micro-credits (speech spoken, audio heard):
   * it is held with the request's credits, and the request's charge never goes past its hold.
   */
  hold?(req: ChatCompletionRequest): number
  prepare?(req: ChatCompletionRequest, c: ChatStepContext): Promise<ChatCompletionRequest> | ChatCompletionRequest
  /**
   * Wraps the model's call, after every step prepared the request: a step that runs tools the model
   * calls (MCP) calls the model again with their results, as often as it needs, and returns the last answer.
   */
  around?(req: ChatCompletionRequest, call: ModelCall, c: ChatStepContext): Promise<ChatCompletion>
  /** The streamed form of `around`: one stream to the client across every call of the model. */
  aroundStream?(req: ChatCompletionRequest, call: ModelStreamCall, c: ChatStepContext): Promise<ChatStream>
  finish?(completion: ChatCompletion, c: ChatStepContext): Promise<ChatCompletion> | ChatCompletion
  stream?(stream: ChatStream, c: ChatStepContext): ChatStream
}

/** One call of the model with a request: what `around` calls. */
export type ModelCall = (req: ChatCompletionRequest) => Promise<ChatCompletion>
export type ModelStreamCall = (req: ChatCompletionRequest) => Promise<ChatStream>

/** Whether any step has work to do for `req` (see ChatStep.appliesTo). */
export const anyStepApplies = (steps: readonly ChatStep[], req: ChatCompletionRequest): boolean => steps.some((step) => step.appliesTo?.(req) ?? true)

/** Calls the model through each step's `around`, the first step outermost. */
export function callThroughSteps(steps: readonly ChatStep[], req: ChatCompletionRequest, call: ModelCall, c: ChatStepContext): Promise<ChatCompletion> {
  const wrapped = steps.reduceRight<ModelCall>((inner, step) => (step.around ? (r) => step.around!(r, inner, c) : inner), call)
  return wrapped(req)
}

export function streamThroughSteps(steps: readonly ChatStep[], req: ChatCompletionRequest, call: ModelStreamCall, c: ChatStepContext): Promise<ChatStream> {
  const wrapped = steps.reduceRight<ModelStreamCall>((inner, step) => (step.aroundStream ? (r) => step.aroundStream!(r, inner, c) : inner), call)
  return wrapped(req)
}

export async function prepareSteps(steps: readonly ChatStep[], req: ChatCompletionRequest, c: ChatStepContext): Promise<ChatCompletionRequest> {
  let out = req
  for (const step of steps) if (step.prepare) out = await step.prepare(out, c)
  return out
}

export async function finishSteps(steps: readonly ChatStep[], completion: ChatCompletion, c: ChatStepContext): Promise<ChatCompletion> {
  let out = completion
  for (const step of [...steps].reverse()) if (step.finish) out = await step.finish(out, c)
  return out
}

export function streamSteps(steps: readonly ChatStep[], stream: ChatStream, c: ChatStepContext): ChatStream {
  let out = stream
  for (const step of [...steps].reverse()) if (step.stream) out = step.stream(out, c)
  return out
}
