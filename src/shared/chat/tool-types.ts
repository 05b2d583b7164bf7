/** Tool objects (spec 2.4) and the tool choice. */

export type JsonObject = { [key: string]: unknown }

export interface FunctionDefinition {
  name: string
  description?: string
  /** JSON Schema of the arguments; omitted means the function takes no arguments. */
  parameters?: JsonObject
  strict?: boolean | null
}

export interface FunctionTool {
  type: 'function'
  function: FunctionDefinition
}

/** An approximate place (web search's user location, OpenAI's `web_search_options`). */
export interface ApproximateLocation {
  city?: string
  /** Two-letter ISO 3166-1 code. */
  country?: string
  region?: string
  /** IANA time zone, e.g. Europe/Paris. */
  timezone?: string
}

export interface WebSearchUserLocation extends ApproximateLocation {
  type: 'approximate'
}

export interface QuerySearchOptions {
  /** A search engine, written `<engine>_search`. */
  tool: `${string}_search`
  query: string
  geo_location?: string
  parse?: boolean
}

export interface UrlSearchOptions {
  tool: 'universal'
  url: string
  geo_location?: string
  parse?: boolean
}

export type WebSearchMcp = { type: 'query'; options: QuerySearchOptions } | { type: 'url'; options: UrlSearchOptions }

export interface WebSearchTool {
  type: 'web_search'
  web_search?: {
    search_context_size?: 'low' | 'medium' | 'high'
    user_location?: WebSearchUserLocation
    mcp?: WebSearchMcp
  }
}

export interface RagTool {
  type: 'rag'
  rag: {
    mcp: { collection_uuid: string; query?: string; threshold?: number; top_n?: number; model_uuid?: string }
  }
}

/** `<vendor>_ocr`: the type names a product, and the settings live under a property of that name. */
export type OcrToolType = `${string}_ocr`

export interface OcrToolSettings {
  file_id: string
}

export interface OcrTool {
  type: OcrToolType
  [settings: OcrToolType]: OcrToolSettings | OcrToolType
}

/**
 * The tools of an MCP server the gateway hosts for the caller's team (the Responses API's `mcp` tool):
 * the gateway lists them to the model and runs the calls itself, round after round.
 */
export interface McpTool {
  type: 'mcp'
  server_label: string
  /** Only these of the server's tools; all the team may use when omitted. */
  allowed_tools?: string[]
  server_description?: string
  /** The gateway calls the tools without asking: only "never" is taken. */
  require_approval?: 'never'
}

export type ChatTool = FunctionTool | WebSearchTool | RagTool | OcrTool | McpTool

export const ocrToolSettings = (tool: OcrTool): OcrToolSettings => tool[tool.type] as OcrToolSettings

export type NamedToolChoice = { type: 'function'; function: { name: string } }
export type ToolChoice = 'none' | 'auto' | 'required' | NamedToolChoice

/** Deprecated forms replaced by `tools` and `tool_choice`. */
export type LegacyFunctionDefinition = Omit<FunctionDefinition, 'strict'>
export type LegacyFunctionCallOption = 'none' | 'auto' | { name: string }
