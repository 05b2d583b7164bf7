import { isPlainObject, parseJsonText } from './json-text'

export const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export type ToolsParse = { ok: true; tools: Record<string, unknown>[]; functionNames: string[] } | { ok: false; message: string }

/** Checks the tools editor's text against spec 2.4: an array of at most 128 tools, functions named a-z, A-Z, 0-9, _ or -. */
export function parseTools(text: string): ToolsParse {
  if (text.trim() === '') return { ok: true, tools: [], functionNames: [] }
  const parsed = parseJsonText(text)
  if (!parsed.ok) return parsed
  if (!Array.isArray(parsed.value)) return { ok: false, message: 'Tools must be a JSON array of tool objects.' }
  if (parsed.value.length > 128) return { ok: false, message: `At most 128 tools; there are ${parsed.value.length}.` }
  const names: string[] = []
  for (const [i, tool] of parsed.value.entries()) {
    if (!isPlainObject(tool) || typeof tool.type !== 'string') return { ok: false, message: `Tool ${i + 1} needs a "type" (function, web_search, rag, …).` }
    if (tool.type !== 'function') continue
    const fn = tool.function
    if (!isPlainObject(fn)) return { ok: false, message: `Tool ${i + 1}: a function tool needs a "function" object.` }
    if (typeof fn.name !== 'string' || !NAME_PATTERN.test(fn.name)) {
      return { ok: false, message: `Tool ${i + 1}: function.name must be 1 to 64 letters, digits, _ or -.` }
    }
    if (fn.parameters !== undefined && !isPlainObject(fn.parameters)) return { ok: false, message: `Tool ${i + 1} (${fn.name}): parameters must be a JSON Schema object.` }
    if (names.includes(fn.name)) return { ok: false, message: `Two functions are named "${fn.name}".` }
    names.push(fn.name)
  }
  return { ok: true, tools: parsed.value as Record<string, unknown>[], functionNames: names }
}

export const EXAMPLE_FUNCTION = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
}

/** `tool_choice` as the panel holds it: '' (default), none, auto, required, or `fn:<name>`. */
export function toolChoiceBody(choice: string): unknown {
  if (!choice) return undefined
  if (choice.startsWith('fn:')) return { type: 'function', function: { name: choice.slice(3) } }
  return choice
}

export function toolChoiceError(choice: string, functionNames: string[], toolCount: number): string | undefined {
  if (choice.startsWith('fn:') && !functionNames.includes(choice.slice(3))) return `There is no function named "${choice.slice(3)}" among the tools.`
  if ((choice === 'required' || choice.startsWith('fn:')) && toolCount === 0) return 'Add a tool first.'
  return undefined
}
