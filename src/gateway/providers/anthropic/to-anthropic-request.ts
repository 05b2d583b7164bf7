import { badRequest } from '../../../shared/errors'
import type { ChatCompletionRequest, ChatTool, ReasoningEffort } from '../../../shared/chat/types'
import type { AnthropicMessagesRequest, AnthropicThinking, AnthropicTool, AnthropicToolChoice } from './anthropic-types'
import { toAnthropicMessages } from './to-anthropic-messages'

export const DEFAULT_MAX_TOKENS = 4096
const MIN_THINKING_BUDGET = 1024

/** Thinking budgets for `reasoning_effort`; `none` turns thinking off. */
export const EFFORT_BUDGETS: Record<Exclude<ReasoningEffort, 'none'>, number> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
  xhigh: 24576,
  max: 32768,
}

/**
 * Pivot request -> Anthropic Messages request. Values Anthropic cannot honour are refused with a
 * 400 naming the field, never silently changed. `n` is left to the caller, which fans out one
 * upstream request per choice. Gateway-side fields (store, metadata, service_tier,
 * stream_options) and hints with no Anthropic equivalent (verbosity, prediction, prompt_cache_key,
 * prompt_cache_retention, web_search_options) are not sent; `safety_identifier` (else `user`) becomes
 * `metadata.user_id`.
 */
export function toAnthropicRequest(req: ChatCompletionRequest, upstreamModel: string): AnthropicMessagesRequest {
  refuseUnsupported(req)
  const { system, messages } = toAnthropicMessages(req.messages)
  const thinking = toThinking(req)
  const budget = thinking?.type === 'enabled' ? thinking.budget_tokens : 0
  const out: AnthropicMessagesRequest = {
    model: upstreamModel,
    // max_completion_tokens counts reasoning too, as Anthropic's max_tokens does; without it the
    // visible answer keeps the default room on top of the thinking budget.
    max_tokens: req.max_completion_tokens ?? DEFAULT_MAX_TOKENS + budget,
    messages,
  }
  if (system !== undefined) out.system = system
  if (req.stop !== undefined) out.stop_sequences = req.stop
  if (req.temperature !== undefined) out.temperature = req.temperature
  if (req.top_p !== undefined) out.top_p = req.top_p
  if (req.tools !== undefined && req.tools.length > 0) {
    out.tools = req.tools.map(toAnthropicTool)
    const toolChoice = toToolChoice(req)
    if (toolChoice !== undefined) out.tool_choice = toolChoice
  }
  if (thinking !== undefined) out.thinking = thinking
  const format = req.response_format
  if (format?.type === 'json_schema') {
    const schema = format.json_schema.schema
    if (schema === undefined) {
      throw badRequest('response_format.json_schema.schema is required for Anthropic models', 'response_format.json_schema.schema')
    }
    out.output_config = { format: { type: 'json_schema', schema } }
  }
  // Anthropic's one end-user field; OpenAI's prompt-cache and web-search hints have no equivalent.
  const endUser = req.safety_identifier ?? req.user
  if (endUser !== undefined) out.metadata = { user_id: endUser }
  if (req.stream === true) out.stream = true
  return out
}

function refuseUnsupported(req: ChatCompletionRequest): void {
  const refuse = (param: string, what: string) =>
    badRequest(`${param} ${what}; Anthropic models do not support it. Remove ${param} or pick another model`, param)
  if (req.frequency_penalty !== undefined && req.frequency_penalty !== 0) throw refuse('frequency_penalty', 'is not 0')
  if (req.presence_penalty !== undefined && req.presence_penalty !== 0) throw refuse('presence_penalty', 'is not 0')
  if (req.logit_bias !== undefined && Object.keys(req.logit_bias).length > 0) throw refuse('logit_bias', 'is set')
  if (req.logprobs === true) throw refuse('logprobs', 'asks for log probabilities')
  if (req.modalities?.includes('audio')) throw refuse('modalities', 'asks for audio output')
  if (req.response_format?.type === 'json_object') {
    throw badRequest(
      'response_format.type "json_object" is not supported by Anthropic models; use "json_schema" with a schema',
      'response_format.type',
    )
  }
  if (req.seed !== undefined) throw refuse('seed', 'is set')
  if (req.temperature !== undefined && req.temperature > 1) {
    throw badRequest(`temperature must be between 0 and 1 for Anthropic models; got ${req.temperature}`, 'temperature')
  }
  if (req.thinking !== undefined && req.reasoning_effort !== undefined) {
    throw badRequest('send either thinking or reasoning_effort to an Anthropic model, not both', 'reasoning_effort')
  }
}

function toAnthropicTool(tool: ChatTool, index: number): AnthropicTool {
  if (tool.type !== 'function') {
    const param = `tools[${index}].type`
    throw badRequest(`${param} "${tool.type}" cannot be sent to an Anthropic model; only function tools can`, param)
  }
  const { name, description, parameters, strict } = tool.function
  const out: AnthropicTool = { name, input_schema: parameters ?? { type: 'object', properties: {} } }
  if (description !== undefined) out.description = description
  if (strict === true) out.strict = true
  return out
}

function toToolChoice(req: ChatCompletionRequest): AnthropicToolChoice | undefined {
  const choice = req.tool_choice
  const serial = req.parallel_tool_calls === false ? { disable_parallel_tool_use: true } : {}
  if (choice === 'none') return { type: 'none' }
  if (choice === 'required') return { type: 'any', ...serial }
  if (typeof choice === 'object') return { type: 'tool', name: choice.function.name, ...serial }
  if (choice === 'auto' || req.parallel_tool_calls === false) return { type: 'auto', ...serial }
  return undefined
}

function toThinking(req: ChatCompletionRequest): AnthropicThinking | undefined {
  const { thinking, reasoning_effort: effort } = req
  if (thinking !== undefined) {
    if (thinking.type !== 'enabled') return { type: thinking.type }
    // The parser requires budget_tokens for "enabled".
    return { type: 'enabled', budget_tokens: thinking.budget_tokens ?? MIN_THINKING_BUDGET }
  }
  if (effort === undefined || effort === 'none') return undefined
  const limit = req.max_completion_tokens
  if (limit === undefined) return { type: 'enabled', budget_tokens: EFFORT_BUDGETS[effort] }
  // The budget must stay below max_tokens; an effort is a wish, so it shrinks to fit.
  const budget = Math.min(EFFORT_BUDGETS[effort], limit - 1)
  if (budget < MIN_THINKING_BUDGET) {
    throw badRequest(
      `max_completion_tokens must be above ${MIN_THINKING_BUDGET} for reasoning_effort "${effort}" on Anthropic models, ` +
        `whose thinking needs at least ${MIN_THINKING_BUDGET} tokens; got ${limit}`,
      'max_completion_tokens',
    )
  }
  return { type: 'enabled', budget_tokens: budget }
}
