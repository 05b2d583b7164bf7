import { parseJsonText } from './json-text'

type Tool = Record<string, unknown>

/** The tools list of the editor's text, or null when the text is not a JSON array (then the controls leave it alone). */
function toolsOf(text: string): Tool[] | null {
  if (!text.trim()) return []
  const parsed = parseJsonText(text)
  return parsed.ok && Array.isArray(parsed.value) ? (parsed.value as Tool[]) : null
}

const write = (tools: Tool[]) => (tools.length ? JSON.stringify(tools, null, 2) : '')

/** Whether the tools turn on the gateway's web search. */
export const hasWebSearch = (text: string) => !!toolsOf(text)?.some((t) => t.type === 'web_search')

/** The collection the rag tool answers from, if one is attached. */
export function attachedCollection(text: string): string | null {
  const rag = toolsOf(text)?.find((t) => t.type === 'rag') as { rag?: { mcp?: { collection_uuid?: string } } } | undefined
  return rag?.rag?.mcp?.collection_uuid ?? null
}

/** The tools text with web search on or off; null when the text is not a tools array to edit. */
export function withWebSearch(text: string, on: boolean): string | null {
  const tools = toolsOf(text)
  if (!tools) return null
  const rest = tools.filter((t) => t.type !== 'web_search')
  return write(on ? [...rest, { type: 'web_search' }] : rest)
}

/** The tools text with the rag tool answering from this collection (null id: none); null when the text is not a tools array. */
export function withCollection(text: string, collectionId: string | null): string | null {
  const tools = toolsOf(text)
  if (!tools) return null
  const rest = tools.filter((t) => t.type !== 'rag')
  return write(collectionId ? [...rest, { type: 'rag', rag: { mcp: { collection_uuid: collectionId } } }] : rest)
}
