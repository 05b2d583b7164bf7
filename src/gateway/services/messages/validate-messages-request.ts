import { badRequest } from '../../../shared/errors'
import { describeValue } from '../../../shared/validation/describe-value'
import { assertCacheBreakpointLimit, collectCacheBreakpoints } from './cache-breakpoints'
import {
  checkNullableBoolean,
  checkNullableNonNegativeInteger,
  checkNullableNumberInRange,
  checkNullableStringArray,
  invalidField,
  isJsonObject,
  type JsonObject,
} from './request-field-checks'
import { validateMessageList } from './validate-message-list'

export interface ValidatedMessagesRequest {
  model: string
  stream: boolean
  maxTokens: number
  /** Tools the provider runs itself (typed, e.g. web_search_20250305): their results join the prompt. */
  serverTools: number
}

/**
 * Validates a parsed /v1/messages body (spec 2.5, 8). Fields the gateway does not know are
 * left alone: they go upstream untouched, so a beta field never needs a gateway release.
 */
export function validateMessagesRequest(body: unknown, { counting = false } = {}): ValidatedMessagesRequest {
  if (!isJsonObject(body)) {
    throw badRequest(
      `The request body must be a JSON object with "model", "messages"${counting ? '' : ' and "max_tokens"'} (got ${describeValue(body)})`,
    )
  }
  const model = requireModel(body.model)
  validateMessageList(body.messages)
  // count_tokens takes no max_tokens: its body is a messages request without the answer's limit.
  if (!counting) requireMaxTokens(body.max_tokens)
  checkNullableNumberInRange(body, 'temperature', 0, 1)
  checkNullableNumberInRange(body, 'top_p', 0, 1)
  checkNullableNonNegativeInteger(body, 'top_k')
  checkNullableStringArray(body, 'stop_sequences')
  checkNullableBoolean(body, 'stream')
  checkServiceTier(body.service_tier)
  validateSystem(body.system)
  const serverTools = validateTools(body.tools)
  assertCacheBreakpointLimit(collectCacheBreakpoints(body))
  return { model, stream: body.stream === true, maxTokens: counting ? 0 : (body.max_tokens as number), serverTools }
}

function requireModel(model: unknown): string {
  if (model === undefined) {
    throw invalidField('model', 'is required: name a configured model or alias, e.g. "claude-sonnet-4-5"')
  }
  if (typeof model !== 'string' || model === '') {
    throw invalidField('model', `must be a non-empty string naming a model or alias (got ${describeValue(model)})`)
  }
  return model
}

function requireMaxTokens(maxTokens: unknown): void {
  if (maxTokens === undefined) {
    throw invalidField('max_tokens', 'is required: the most tokens to generate (0 only warms the prompt cache)')
  }
  if (!Number.isInteger(maxTokens) || (maxTokens as number) < 0) {
    throw invalidField(
      'max_tokens',
      `must be an integer >= 0 (got ${describeValue(maxTokens)}); use 0 to only warm the prompt cache`,
    )
  }
}

function checkServiceTier(tier: unknown): void {
  if (tier === undefined || tier === null || tier === 'auto' || tier === 'standard_only') return
  throw invalidField('service_tier', `must be "auto", "standard_only" or null (got ${describeValue(tier)})`)
}

function validateSystem(system: unknown): void {
  if (system === undefined || typeof system === 'string') return
  if (!Array.isArray(system)) {
    throw invalidField('system', `must be a string or an array of text blocks (got ${describeValue(system)})`)
  }
  system.forEach((block, index) => {
    const path = `system.${index}`
    if (!isJsonObject(block) || block.type !== 'text') {
      throw invalidField(path, 'must be a text block like {"type": "text", "text": "..."}')
    }
    if (typeof block.text !== 'string') {
      throw invalidField(`${path}.text`, `must be a string (got ${describeValue(block.text)})`)
    }
  })
}

/** Custom tools need a name and an input_schema; server tools (typed, e.g. web_search_20250305) are the upstream's to judge. Returns how many server tools there are. */
function validateTools(tools: unknown): number {
  if (tools === undefined || tools === null) return 0
  if (!Array.isArray(tools)) {
    throw invalidField('tools', `must be an array of tool definitions or null (got ${describeValue(tools)})`)
  }
  let serverTools = 0
  tools.forEach((tool, index) => {
    const path = `tools.${index}`
    if (!isJsonObject(tool)) {
      throw invalidField(path, `must be a tool definition object (got ${describeValue(tool)})`)
    }
    if (tool.type !== undefined && tool.type !== null && tool.type !== 'custom') {
      serverTools++
      return
    }
    validateCustomTool(tool, path)
  })
  return serverTools
}

function validateCustomTool(tool: JsonObject, path: string): void {
  if (typeof tool.name !== 'string' || tool.name === '') {
    throw invalidField(`${path}.name`, `is required: a custom tool needs a non-empty name (got ${describeValue(tool.name)})`)
  }
  if (!isJsonObject(tool.input_schema)) {
    throw invalidField(
      `${path}.input_schema`,
      `is required: a JSON Schema object such as {"type": "object", "properties": {}} (got ${describeValue(tool.input_schema)})`,
    )
  }
}
