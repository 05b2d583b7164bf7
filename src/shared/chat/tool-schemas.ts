import { z } from 'zod'
import type { ChatTool, LegacyFunctionCallOption, OcrTool, ToolChoice, WebSearchMcp } from './types'
import { discriminate, dispatch, isPlainObject, jsonObjectSchema, nameSchema, nonEmptyString, positiveInt } from './schema-helpers'

export const MAX_TOOLS = 128
const SEARCH_ENGINE = /^[a-z0-9]+_search$/
const OCR_TOOL_TYPE = /^[a-z0-9][a-z0-9_-]*_ocr$/
const COUNTRY_CODE = /^[A-Za-z]{2}$/
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/

/** A zone of the IANA database (or one of its aliases) as the runtime knows it; offsets like "+01:00" are not zones. */
function isIanaTimeZone(name: string): boolean {
  if (!TIME_ZONE_NAME.test(name)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** An approximate place, as the web search tool and OpenAI's `web_search_options` both take it. */
export const approximateLocationFields = {
  city: z.string().optional(),
  country: z.string().regex(COUNTRY_CODE, { error: 'must be a two-letter ISO 3166-1 country code such as "FR"' }).optional(),
  region: z.string().optional(),
  timezone: z.string().refine(isIanaTimeZone, { error: 'must be an IANA time zone such as "Europe/Paris"', params: { showValue: true } }).optional(),
}

export const functionDefinitionSchema = z.object({
  name: nameSchema,
  description: z.string().optional(),
  parameters: jsonObjectSchema.optional(),
  strict: z.boolean().nullable().optional(),
})

const functionToolSchema = z.object({ type: z.literal('function'), function: functionDefinitionSchema })

const userLocationSchema = z.object({ type: z.literal('approximate'), ...approximateLocationFields })

const searchOptionFields = { geo_location: z.string().optional(), parse: z.boolean().optional() }

const querySearchOptionsSchema = z.object({
  tool: z.string().regex(SEARCH_ENGINE, {
    error: 'must name a search engine as <engine>_search (lowercase letters and digits) for a query search',
  }) as z.ZodType<`${string}_search`>,
  query: nonEmptyString,
  ...searchOptionFields,
})

const urlSearchOptionsSchema = z.object({ tool: z.literal('universal'), url: nonEmptyString, ...searchOptionFields })

const queryMcpSchema = z.object({ type: z.literal('query').default('query'), options: querySearchOptionsSchema })
const urlMcpSchema = z.object({ type: z.literal('url').default('url'), options: urlSearchOptionsSchema })

/** `mcp.type` picks the options shape; without it, `options.tool: "universal"` means a URL search. */
const webSearchMcpSchema = dispatch<WebSearchMcp>((value) => {
  if (!isPlainObject(value)) return { reject: 'must be an object', showValue: true }
  const { type, options } = value
  if (type === 'url') return urlMcpSchema
  if (type === 'query') return queryMcpSchema
  if (type !== undefined) return { reject: 'must be one of "query", "url"', path: ['type'], showValue: true }
  return isPlainObject(options) && options['tool'] === 'universal' ? urlMcpSchema : queryMcpSchema
})

const webSearchToolSchema = z.object({
  type: z.literal('web_search'),
  web_search: z
    .object({
      search_context_size: z.enum(['low', 'medium', 'high']).optional(),
      user_location: userLocationSchema.optional(),
      mcp: webSearchMcpSchema.optional(),
    })
    .optional(),
})

const ragToolSchema = z.object({
  type: z.literal('rag'),
  rag: z.object({
    mcp: z.object({
      collection_uuid: nonEmptyString,
      query: z.string().optional(),
      threshold: z.number().optional(),
      top_n: positiveInt.optional(),
      model_uuid: z.string().optional(),
    }),
  }),
})

/** The Responses API's `mcp` tool, on a server the gateway hosts: `allowed_tools` as a list or `{tool_names}`. */
const mcpToolSchema = z
  .object({
    type: z.literal('mcp'),
    server_label: nonEmptyString,
    allowed_tools: z
      .union([z.array(nonEmptyString), z.object({ tool_names: z.array(nonEmptyString) }).transform((a) => a.tool_names)], {
        error: 'must be a list of tool names, or {tool_names: [...]}',
      })
      .optional(),
    server_description: z.string().optional(),
    require_approval: z
      .union([z.literal('never'), z.object({ never: z.unknown() }).transform(() => 'never' as const)], {
        error: 'must be "never": the gateway runs MCP tools without asking (approvals are not supported)',
      })
      .optional(),
    server_url: z.never({ error: 'is not supported: the gateway calls only the MCP servers its owner registered; name one by server_label' }).optional(),
    connector_id: z.never({ error: 'is not supported: name an MCP server the gateway hosts by server_label' }).optional(),
  })

/** The OCR tool's settings live under a property named like its type: `{type: "acme_ocr", acme_ocr: {file_id}}`. */
const ocrToolSchema = (type: string) =>
  z.object({ type: z.string(), [type]: z.object({ file_id: nonEmptyString }) }) as unknown as z.ZodType<OcrTool>

export const toolSchema = discriminate<ChatTool>(
  'type',
  { function: functionToolSchema, web_search: webSearchToolSchema, rag: ragToolSchema, mcp: mcpToolSchema as unknown as z.ZodType<ChatTool> },
  'one of "function", "web_search", "rag", "mcp", or "<vendor>_ocr"',
  (type) => (OCR_TOOL_TYPE.test(type) ? ocrToolSchema(type) : undefined),
)

export const toolsSchema = z.array(toolSchema).max(MAX_TOOLS, { error: `must have at most ${MAX_TOOLS} tools` })

export const toolChoiceSchema = dispatch<ToolChoice>((value) => {
  if (typeof value === 'string') return z.enum(['none', 'auto', 'required'])
  if (isPlainObject(value)) {
    return z.object({ type: z.literal('function'), function: z.object({ name: nameSchema }) })
  }
  return { reject: 'must be "none", "auto", "required" or {type: "function", function: {name}}', showValue: true }
})

export const legacyFunctionsSchema = z
  .array(functionDefinitionSchema.omit({ strict: true }))
  .min(1, { error: 'must have 1 to 128 functions' })
  .max(MAX_TOOLS, { error: 'must have 1 to 128 functions' })

export const legacyFunctionCallSchema = dispatch<LegacyFunctionCallOption>((value) => {
  if (typeof value === 'string') return z.enum(['none', 'auto'])
  if (isPlainObject(value)) return z.object({ name: nameSchema })
  return { reject: 'must be "none", "auto" or {name}', showValue: true }
})
