import type { ChatCompletionRequestBody, ChatMessage, ChatTool, ResponseFormat, ToolChoice } from '../../../shared/chat/types'
import { badRequest } from '../../../shared/errors'
import type { ResponsesRequest, ResponsesTool, ResponsesToolChoice, TextFormat } from './responses-types'

function toolOf(tool: ResponsesTool, param: string): ChatTool {
  const t = tool as Record<string, unknown> & { type: string }
  if (t.type === 'function') {
    if (typeof t.name !== 'string' || !t.name) throw badRequest(`${param}.name is required: the function's name`, `${param}.name`, 'missing_required_parameter')
    return {
      type: 'function',
      function: {
        name: t.name,
        ...(typeof t.description === 'string' ? { description: t.description } : {}),
        ...(t.parameters ? { parameters: t.parameters as Record<string, unknown> } : {}),
        ...(typeof t.strict === 'boolean' ? { strict: t.strict } : {}),
      },
    }
  }
  if (t.type === 'web_search' || t.type === 'web_search_preview') {
    const settings: Record<string, unknown> = {}
    if (t.search_context_size !== undefined) settings.search_context_size = t.search_context_size
    if (t.user_location) settings.user_location = t.user_location
    return { type: 'web_search', ...(Object.keys(settings).length ? { web_search: settings } : {}) } as ChatTool
  }
  // The gateway's own tools keep chat's shape: { type: 'rag', rag: {...} }, { type: '<vendor>_ocr', ... }.
  // The Responses API's own `mcp` entry, taken as is: the chat service checks it and runs the tool loop.
  if (t.type === 'rag' || t.type === 'mcp' || t.type.endsWith('_ocr')) return t as unknown as ChatTool
  throw badRequest(`${param}.type "${t.type}" is not a tool this gateway runs; use "function", "web_search", "mcp", "rag" or an OCR tool`, `${param}.type`, 'unsupported_tool')
}

/**
 * One Responses tool as pivot tools: a `namespace` (Codex groups tools in one) is flattened to its
 * functions; a web search without external access (`external_web_access: false`) is no tool at all.
 */
function toolsOf(tool: ResponsesTool, param: string): ChatTool[] {
  const t = tool as Record<string, unknown> & { type: string }
  if (t.type === 'namespace') {
    if (!Array.isArray(t.tools)) throw badRequest(`${param}.tools must be an array of tools`, `${param}.tools`)
    return (t.tools as ResponsesTool[]).flatMap((inner, j) => toolsOf(inner, `${param}.tools[${j}]`))
  }
  if ((t.type === 'web_search' || t.type === 'web_search_preview') && t.external_web_access === false) return []
  return [toolOf(tool, param)]
}

function toolChoiceOf(choice: ResponsesToolChoice): ToolChoice {
  if (typeof choice === 'string') return choice
  if (choice.type === 'function' && 'name' in choice && typeof choice.name === 'string') return { type: 'function', function: { name: choice.name } }
  if (choice.type === 'auto' || choice.type === 'none' || choice.type === 'required') return choice.type
  throw badRequest(`tool_choice must be "none", "auto", "required" or { type: "function", name }; got type ${JSON.stringify(choice.type)}`, 'tool_choice.type')
}

function formatOf(format: TextFormat): ResponseFormat {
  switch (format.type) {
    case 'text':
    case 'json_object':
      return { type: format.type }
    case 'json_schema':
      if (typeof format.name !== 'string' || !format.schema) throw badRequest('text.format of type json_schema needs `name` and `schema`', format.name ? 'text.format.schema' : 'text.format.name', 'missing_required_parameter')
      return { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, ...(format.description ? { description: format.description } : {}), ...(format.strict != null ? { strict: format.strict } : {}) } }
    default:
      throw badRequest(`text.format.type must be one of "text", "json_object", "json_schema"; got ${JSON.stringify((format as { type: unknown }).type)}`, 'text.format.type')
  }
}

/**
 * A Responses request -> the chat pivot body, given the conversation so far (rebuilt from
 * `previous_response_id`) and this request's input as messages. Settings the pivot has no place for
 * (`truncation`, `include`, `text.verbosity`, `top_logprobs`, `max_tool_calls`) are accepted and echoed only.
 */
export function toPivot(req: ResponsesRequest, history: ChatMessage[], input: ChatMessage[]): ChatCompletionRequestBody {
  const messages: ChatMessage[] = [...(req.instructions ? [{ role: 'system' as const, content: req.instructions }] : []), ...history, ...input]
  if (!input.length && !history.length) throw badRequest('input is required: a string or a list of input items', 'input', 'missing_required_parameter')
  const body: ChatCompletionRequestBody = { model: req.model, messages }
  const tools = req.tools?.flatMap((t, i) => toolsOf(t, `tools[${i}]`))
  if (tools?.length) body.tools = tools
  if (req.tool_choice !== undefined && body.tools) body.tool_choice = toolChoiceOf(req.tool_choice)
  if (req.parallel_tool_calls != null && body.tools) body.parallel_tool_calls = req.parallel_tool_calls
  if (req.text?.format) body.response_format = formatOf(req.text.format)
  if (req.max_output_tokens != null) body.max_completion_tokens = req.max_output_tokens
  if (req.temperature != null) body.temperature = req.temperature
  if (req.top_p != null) body.top_p = req.top_p
  if (req.stream) body.stream = true
  if (req.metadata) body.metadata = req.metadata
  if (req.user !== undefined) body.user = req.user
  if (req.safety_identifier !== undefined) body.safety_identifier = req.safety_identifier
  if (req.prompt_cache_key !== undefined) body.prompt_cache_key = req.prompt_cache_key
  if (req.prompt_cache_retention) body.prompt_cache_retention = req.prompt_cache_retention
  if (req.service_tier) body.service_tier = req.service_tier
  if (req.reasoning?.effort) body.reasoning_effort = req.reasoning.effort
  return body
}
