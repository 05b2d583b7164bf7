/**
 * A chat completion request as the llama engine takes it. Everything the engine honours is mapped;
 * everything it cannot (audio, images, reasoning controls, gateway-run tools, schemas no value meets or
 * a grammar cannot express) is a 400 naming the parameter, never silently dropped.
 */
import { randomInt } from 'node:crypto'
import type { ChatCompletionRequest, ChatMessage, ToolCall } from '../../../shared/chat/types'
import { badRequest } from '../../../shared/errors'
import { toGrammarSchema } from '../../engines/llama/grammar-schema'
import type { LlamaChatRequest } from '../../engines/llama/llama-engine'
import type { LlamaResponseFormat, LlamaToolCallRecord, LlamaToolChoice, LlamaToolSpec, LlamaTurn } from '../../engines/llama/llama-protocol'
import { checkJsonSchema } from './json-schema-check'

/** A client's schema as the grammar takes it, after the checks no grammar should be built without. */
const grammarSchema = (schema: unknown, path: string) => toGrammarSchema(checkJsonSchema(schema, path), path)

const cannot = (param: string, what: string) => badRequest(`${what} is not available on local llama.cpp models; remove \`${param}\` or pick an upstream model.`, param, 'unsupported_parameter')

const textOf = (content: string | Array<{ type: string; text?: string; refusal?: string }> | null | undefined): string =>
  typeof content === 'string' ? content : (content ?? []).map((p) => p.text ?? p.refusal ?? '').join('\n')

function checkUnsupported(req: ChatCompletionRequest): void {
  if (req.modalities?.includes('audio') || req.audio) throw cannot(req.audio ? 'audio' : 'modalities', 'Audio output')
  if (req.prediction) throw cannot('prediction', 'Predicted outputs')
  if (req.thinking && req.thinking.type !== 'disabled') throw cannot('thinking', 'Extended thinking')
  if (req.reasoning_effort && req.reasoning_effort !== 'none') throw cannot('reasoning_effort', 'Reasoning effort')
  if (req.verbosity) throw cannot('verbosity', 'Verbosity')
  if (req.service_tier && req.service_tier !== 'auto' && req.service_tier !== 'default') throw cannot('service_tier', `Service tier "${req.service_tier}"`)
  req.tools?.forEach((tool, i) => {
    if (tool.type !== 'function') throw cannot(`tools[${i}].type`, `The "${tool.type}" tool`)
  })
}

/** OpenAI messages as turns: tool results are folded into the assistant call they answer. */
export function toTurns(messages: ChatMessage[]): LlamaTurn[] {
  const turns: LlamaTurn[] = []
  const calls = new Map<string, LlamaToolCallRecord>()
  messages.forEach((m, i) => {
    switch (m.role) {
      case 'system':
      case 'developer':
        turns.push({ role: 'system', text: textOf(m.content) })
        break
      case 'user':
        if (typeof m.content !== 'string') {
          m.content.forEach((part, j) => {
            if (part.type !== 'text') throw cannot(`messages[${i}].content[${j}].type`, part.type === 'image_url' ? 'Image input' : 'Audio input')
          })
        }
        turns.push({ role: 'user', text: textOf(m.content) })
        break
      case 'assistant': {
        if (m.audio) throw cannot(`messages[${i}].audio`, 'Citing earlier audio')
        const toolCalls = (m.tool_calls ?? []).map((call: ToolCall) => {
          const record: LlamaToolCallRecord = { name: call.function.name, arguments: parseArguments(call.function.arguments) }
          calls.set(call.id, record)
          return record
        })
        turns.push({ role: 'assistant', text: textOf(m.content) || (m.refusal ?? ''), toolCalls })
        break
      }
      case 'tool': {
        const call = calls.get(m.tool_call_id)
        if (!call) throw badRequest(`messages[${i}].tool_call_id "${m.tool_call_id}" answers no tool call of an earlier assistant message.`, `messages[${i}].tool_call_id`)
        call.result = textOf(m.content)
        break
      }
    }
  })
  return turns
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function responseFormat(req: ChatCompletionRequest): LlamaResponseFormat {
  const format = req.response_format
  if (!format || format.type === 'text') return { type: 'text' }
  if (format.type === 'json_object' || !format.json_schema.schema) return { type: 'json_object' }
  return { type: 'json_schema', schema: grammarSchema(format.json_schema.schema, 'response_format.json_schema.schema') }
}

function tools(req: ChatCompletionRequest): { tools: LlamaToolSpec[]; toolChoice: LlamaToolChoice } {
  const choice = req.tool_choice
  if (!req.tools?.length || choice === 'none') return { tools: [], toolChoice: 'auto' }
  const specs = req.tools.map((tool, i): LlamaToolSpec => {
    if (tool.type !== 'function') throw cannot(`tools[${i}].type`, `The "${tool.type}" tool`)
    const { name, description, parameters } = tool.function
    return { name, description, parameters: grammarSchema(parameters ?? { type: 'object', properties: {} }, `tools[${i}].function.parameters`) }
  })
  if (typeof choice === 'object') {
    if (!specs.some((t) => t.name === choice.function.name)) throw badRequest(`tool_choice names "${choice.function.name}", which is not one of the tools.`, 'tool_choice')
    return { tools: specs, toolChoice: { name: choice.function.name } }
  }
  return { tools: specs, toolChoice: choice ?? 'auto' }
}

/** The seed as llama.cpp takes it (32 bits); without one, a fresh random seed per request. */
export const samplingSeed = (seed: number | undefined): number => (seed === undefined ? randomInt(2 ** 32 - 1) : Number(BigInt.asUintN(32, BigInt(Math.trunc(seed)))))

export function toLlamaChatRequest(req: ChatCompletionRequest, modelPath: string): LlamaChatRequest {
  checkUnsupported(req)
  const format = responseFormat(req)
  const { tools: specs, toolChoice } = tools(req)
  if (format.type !== 'text' && specs.length > 0 && toolChoice === 'auto') {
    throw badRequest(
      'A local model cannot choose between a tool call and JSON output under a grammar: with response_format json, set tool_choice to "required" or a named function, or to "none".',
      'response_format',
      'unsupported_parameter',
    )
  }
  return {
    modelPath,
    turns: toTurns(req.messages),
    ...(req.raw_prompt ? { rawPrompt: textOf((req.messages[0] as { content: string }).content) } : {}),
    n: req.n ?? 1,
    maxTokens: req.max_completion_tokens ?? null,
    stop: req.stop ?? [],
    sampling: {
      temperature: req.temperature ?? 1,
      topP: req.top_p ?? 1,
      seed: samplingSeed(req.seed),
      frequencyPenalty: req.frequency_penalty ?? 0,
      presencePenalty: req.presence_penalty ?? 0,
      logitBias: req.logit_bias ?? {},
    },
    topLogprobs: req.logprobs ? (req.top_logprobs ?? 0) : null,
    responseFormat: format,
    tools: specs,
    toolChoice,
  }
}
