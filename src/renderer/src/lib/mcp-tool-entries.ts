import { parseJsonText } from './json-text'

/** The labels of the `mcp` entries in a tools JSON text. */
export function mcpLabelsIn(text: string): string[] {
  const parsed = text.trim() ? parseJsonText(text) : { ok: true as const, value: [] }
  if (!parsed.ok || !Array.isArray(parsed.value)) return []
  return parsed.value.flatMap((t: unknown) => (t && typeof t === 'object' && (t as { type?: unknown }).type === 'mcp' ? [String((t as { server_label?: unknown }).server_label)] : []))
}

/**
 * The tools JSON text with an MCP server switched on (an `{type: "mcp", server_label}` entry added) or
 * off (its entry taken out); null when the text is not a JSON array to edit.
 */
export function withMcpServer(text: string, label: string, on: boolean): string | null {
  const parsed = text.trim() ? parseJsonText(text) : { ok: true as const, value: [] }
  if (!parsed.ok || !Array.isArray(parsed.value)) return null
  const rest = parsed.value.filter((t: unknown) => !(t && typeof t === 'object' && (t as { type?: unknown }).type === 'mcp' && (t as { server_label?: unknown }).server_label === label))
  const next = on ? [...rest, { type: 'mcp', server_label: label }] : rest
  return next.length ? JSON.stringify(next, null, 2) : ''
}
