/**
 * A chat request inside the worker: renders the prompt, reuses the longest cached prefix of a
 * sequence, then generates each choice on the same prompt (text, JSON under a grammar, or a tool call)
 * and streams what it makes as events.
 */
import { type LlamaContextSequence, type LlamaGrammar, LlamaText, type Token } from 'node-llama-cpp'
import { exclusive } from './context-gate'
import { eventBatcher } from './event-batcher'
import { jsonSchemaGrammar } from './json-grammar'
import type { EngineJobContext } from '../host/engine-protocol'
import { EngineRequestError } from '../host/engine-protocol'
import type { LlamaChatEvent, LlamaChatJob, LlamaChatResult, LlamaChoiceResult } from './llama-protocol'
import { type CallSyntax, callSyntax, rawPrompt, renderPrompt } from './llama-prompt'
import { type ModelRuntime, modelRuntime } from './llama-runtime'
import { generateSegment } from './generate-segment'
import { generateToolCall } from './tool-call'

/** Streamed events leave the worker at most this often (see event-batcher.ts). */
const EVENT_WINDOW_MS = 8

export async function runChat(job: LlamaChatJob, sequences: number, ctx: EngineJobContext): Promise<LlamaChatResult> {
  const runtime = await modelRuntime(job.modelPath, job.load)
  const { model } = runtime
  checkLogitBias(runtime, job.sampling.logitBias)
  const prompt = job.rawPrompt !== undefined ? rawPrompt(model, job.rawPrompt) : renderPrompt(model, job.turns, job.tools)
  const contextSize = runtime.contextSize(job.contextSize)
  if (prompt.tokens.length >= contextSize) {
    throw new EngineRequestError(`This model's context holds ${contextSize} tokens, and the messages take ${prompt.tokens.length}. Shorten the messages.`, {
      status: 400,
      code: 'context_length_exceeded',
      param: 'messages',
    })
  }
  const grammar = await responseGrammar(runtime, job)
  const syntax = callSyntax(prompt.wrapper)
  const lease = await runtime.acquireSequence({ contextSize: job.contextSize, sequences, threads: job.threads }, prompt.tokens)
  const events = eventBatcher<LlamaChatEvent>((batch) => ctx.emit(batch), EVENT_WINDOW_MS)
  const emit = (event: LlamaChatEvent) => events.push(event)
  try {
    const choices: LlamaChoiceResult[] = []
    let completionTokens = 0
    let cachedTokens = 0
    for (let index = 0; index < job.n && !ctx.signal.aborted; index++) {
      const { input, reused } = await alignToPrompt(lease.sequence, prompt.tokens)
      if (index === 0) cachedTokens = reused
      const budget = Math.min(job.maxTokens ?? Infinity, contextSize - prompt.tokens.length - 1)
      const sampling = { ...job.sampling, seed: (job.sampling.seed + index) >>> 0 }
      const choice = await generateChoice({ job, runtime, sequence: lease.sequence, input, budget, sampling, grammar, syntax, stops: [...job.stop, ...prompt.stops], index, emit, signal: ctx.signal })
      completionTokens += choice.tokens
      choices.push(choice.result)
      emit({ type: 'finish', choice: index, reason: choice.result.finishReason })
    }
    return { choices, promptTokens: prompt.tokens.length, completionTokens, cachedTokens, memory: runtime.memory() }
  } finally {
    events.flush()
    lease.release()
  }
}

/** Keeps the sequence's cached tokens that match the prompt; returns what is left to evaluate (at least one token). */
async function alignToPrompt(sequence: LlamaContextSequence, prompt: Token[]): Promise<{ input: Token[]; reused: number }> {
  const keep = Math.min(sequence.compareContextTokens(prompt).firstDifferentIndex, prompt.length - 1)
  if (sequence.nextTokenIndex > keep) await exclusive(sequence.context, () => sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]))
  return { input: prompt.slice(keep), reused: keep }
}

function checkLogitBias(runtime: ModelRuntime, bias: Record<string, number>): void {
  const vocab = runtime.vocabularySize()
  for (const token of Object.keys(bias)) {
    if (Number(token) >= vocab) throw new EngineRequestError(`logit_bias: token ${token} is not in this model's vocabulary (0 to ${vocab - 1}).`, { status: 400, code: 'invalid_value', param: 'logit_bias' })
  }
}

async function responseGrammar(runtime: ModelRuntime, job: LlamaChatJob): Promise<LlamaGrammar | undefined> {
  const format = job.responseFormat
  if (format.type === 'json_object') return runtime.llama.getGrammarFor('json')
  if (format.type === 'json_schema') return jsonSchemaGrammar(runtime.llama, format.schema)
  return undefined
}

interface ChoiceInput {
  job: LlamaChatJob
  runtime: ModelRuntime
  sequence: LlamaContextSequence
  input: Token[]
  budget: number
  sampling: LlamaChatJob['sampling']
  grammar?: LlamaGrammar
  syntax: CallSyntax
  stops: string[]
  index: number
  emit: (event: LlamaChatEvent) => void
  signal: AbortSignal
}

async function generateChoice(c: ChoiceInput): Promise<{ result: LlamaChoiceResult; tokens: number }> {
  const { job, runtime, index } = c
  const wantsLogprobs = job.topLogprobs !== null
  const result: LlamaChoiceResult = { index, text: '', toolCalls: [], finishReason: 'stop', logprobs: wantsLogprobs ? [] : null }
  const forced = job.tools.length > 0 && job.toolChoice !== 'auto'
  if (forced) {
    const call = await generateToolCall({ ...c, model: runtime.model, llama: runtime.llama, input: [...c.input, ...c.syntax.prefix.tokenize(runtime.model.tokenizer)], previous: [] })
    return finishWithCall(c, result, call)
  }
  // Under a JSON grammar the model cannot open a tool call; the provider refuses that combination.
  const callPrefix = job.tools.length > 0 && !c.grammar ? c.syntax.prefix.toString() : undefined
  const grammarStops = c.grammar ? c.grammar.stopGenerationTriggers.map((t) => LlamaText(t).toString()).filter(Boolean) : []
  const segment = await generateSegment({
    sequence: c.sequence,
    model: runtime.model,
    input: c.input,
    sampling: c.sampling,
    grammar: c.grammar,
    budget: c.budget,
    topLogprobs: job.topLogprobs,
    stops: [...c.stops, ...grammarStops, ...(callPrefix ? [callPrefix] : [])],
    previous: [],
    signal: c.signal,
    onText: (text, logprobs) => c.emit({ type: 'text', choice: index, text, logprobs: wantsLogprobs ? logprobs : null }),
  })
  result.text = c.grammar?.trimWhitespaceSuffix ? segment.text.trimEnd() : segment.text
  if (wantsLogprobs) result.logprobs = segment.logprobs
  result.finishReason = segment.end === 'length' ? 'length' : 'stop'
  if (segment.stop !== undefined && segment.stop === callPrefix && segment.pending !== null) {
    const call = await generateToolCall({ ...c, model: runtime.model, llama: runtime.llama, input: [segment.pending], budget: c.budget - segment.tokens.length, previous: segment.tokens })
    const finished = finishWithCall(c, result, call)
    return { result: finished.result, tokens: segment.tokens.length + call.tokens }
  }
  return { result, tokens: segment.tokens.length }
}

function finishWithCall(c: ChoiceInput, result: LlamaChoiceResult, call: Awaited<ReturnType<typeof generateToolCall>>) {
  if (call.complete) {
    result.toolCalls.push({ name: call.name, arguments: call.arguments })
    result.finishReason = 'tool_calls'
    c.emit({ type: 'tool_call', choice: c.index, index: 0, name: call.name, arguments: call.arguments })
  } else {
    result.finishReason = 'length'
  }
  return { result, tokens: call.tokens }
}
