import { badRequest } from '../errors'
import type { ChatCompletionRequestBody } from './types'

/**
 * Rules that involve more than one field of spec 2.1. They run after the shape is known to be
 * valid, in the order of the spec's field table, and throw on the first broken rule.
 */
export function checkRequestRules(body: ChatCompletionRequestBody): void {
  if (body.top_logprobs !== undefined && body.logprobs !== true) {
    throw badRequest('top_logprobs requires logprobs: true', 'top_logprobs')
  }
  const { max_tokens: maxTokens, max_completion_tokens: maxCompletionTokens } = body
  if (maxTokens != null && maxCompletionTokens != null && maxTokens !== maxCompletionTokens) {
    throw badRequest(
      `max_tokens (deprecated) and max_completion_tokens disagree (${maxTokens} vs ${maxCompletionTokens}); ` +
        'send max_completion_tokens only',
      'max_tokens',
    )
  }
  if (body.modalities?.includes('audio') && body.audio === undefined) {
    throw badRequest('audio is required when modalities includes "audio"; send audio: {voice, format}', 'audio')
  }
  if (body.stream_options != null && body.stream !== true) {
    throw badRequest('stream_options is only allowed together with stream: true', 'stream_options')
  }
  checkTools(body)
}

function checkTools(body: ChatCompletionRequestBody): void {
  // Most requests declare no tools: nothing to check, and no Set or iterators to make for it.
  if (body.tools === undefined && body.functions === undefined && body.tool_choice === undefined && body.function_call === undefined) return
  if (body.tools !== undefined && body.functions !== undefined) {
    throw badRequest('functions is deprecated and cannot be combined with tools; send tools only', 'functions')
  }
  if (body.tool_choice !== undefined && body.function_call !== undefined) {
    throw badRequest(
      'function_call is deprecated and cannot be combined with tool_choice; send tool_choice only',
      'function_call',
    )
  }
  const seen = new Set<string>()
  for (const [index, tool] of (body.tools ?? []).entries()) {
    if (tool.type !== 'function') continue
    const name = tool.function.name
    if (seen.has(name)) throw duplicateName(`tools[${index}].function.name`, name)
    seen.add(name)
  }
  for (const [index, fn] of (body.functions ?? []).entries()) {
    if (seen.has(fn.name)) throw duplicateName(`functions[${index}].name`, fn.name)
    seen.add(fn.name)
  }

  const choice = body.tool_choice
  const toolCount = (body.tools?.length ?? 0) + (body.functions?.length ?? 0)
  if ((choice === 'required' || typeof choice === 'object') && toolCount === 0) {
    throw badRequest('tool_choice "required" or a named function needs at least one tool in tools', 'tool_choice')
  }
  // An MCP server's tools are known once the gateway lists them (`<server_label>__<tool>`): checked then.
  const mcpLabels = (body.tools ?? []).flatMap((t) => (t.type === 'mcp' ? [`${t.server_label}__`] : []))
  if (typeof choice === 'object' && !seen.has(choice.function.name) && !mcpLabels.some((prefix) => choice.function.name.startsWith(prefix))) {
    throw unknownFunction('tool_choice.function.name', choice.function.name, 'tools')
  }
  const legacyChoice = body.function_call
  if (typeof legacyChoice === 'object' && !seen.has(legacyChoice.name)) {
    throw unknownFunction('function_call.name', legacyChoice.name, 'functions')
  }
}

const duplicateName = (param: string, name: string) =>
  badRequest(`${param} must be unique among the functions of the request; "${name}" is declared twice`, param)

const unknownFunction = (param: string, name: string, where: string) =>
  badRequest(`${param} must name a function declared in ${where}; got ${JSON.stringify(name)}`, param)
