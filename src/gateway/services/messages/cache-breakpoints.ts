import { badRequest } from '../../../shared/errors'
import { describeValue } from '../../../shared/validation/describe-value'
import { invalidField, isJsonObject, type JsonObject } from './request-field-checks'

export const MAX_CACHE_BREAKPOINTS = 4

export type CacheTtl = '5m' | '1h'

export interface CacheBreakpoint {
  /** Path of the cache_control object, e.g. `messages.1.content.0.cache_control`. */
  path: string
  /** null when the client left ttl out (the upstream then uses 5m). */
  ttl: CacheTtl | null
  /** What carries the marker: `tool`, `system`, `top-level`, or the content block's `type`. */
  on: string
}

/**
 * Validates every cache_control object and lists the breakpoints in the order the upstream
 * builds its cache prefix: tools, system, messages, then the top-level marker (which applies
 * to the last cacheable block).
 */
export function collectCacheBreakpoints(body: JsonObject): CacheBreakpoint[] {
  const found: CacheBreakpoint[] = []
  if (Array.isArray(body.tools)) {
    body.tools.forEach((tool, index) => {
      if (isJsonObject(tool)) addBreakpoint(tool.cache_control, `tools.${index}.cache_control`, 'tool', found)
    })
  }
  if (Array.isArray(body.system)) {
    body.system.forEach((block, index) => {
      if (isJsonObject(block)) addBreakpoint(block.cache_control, `system.${index}.cache_control`, 'system', found)
    })
  }
  if (Array.isArray(body.messages)) {
    body.messages.forEach((message, index) => {
      if (isJsonObject(message) && Array.isArray(message.content)) {
        visitBlocks(message.content, `messages.${index}.content`, found)
      }
    })
  }
  addBreakpoint(body.cache_control, 'cache_control', 'top-level', found)
  return found
}

export function assertCacheBreakpointLimit(breakpoints: CacheBreakpoint[]): void {
  if (breakpoints.length <= MAX_CACHE_BREAKPOINTS) return
  const firstOver = breakpoints[MAX_CACHE_BREAKPOINTS]!
  const excess = breakpoints.length - MAX_CACHE_BREAKPOINTS
  throw badRequest(
    `Found ${breakpoints.length} cache_control breakpoints but a request may carry at most ` +
      `${MAX_CACHE_BREAKPOINTS}; the limit is passed at ${firstOver.path} ` +
      `(breakpoints at: ${breakpoints.map((b) => b.path).join(', ')}). ` +
      `Remove ${excess} of them (a top-level cache_control counts as one).`,
    firstOver.path,
    'too_many_cache_breakpoints',
  )
}

/**
 * Blocks can nest: tool_result and search_result hold blocks in `content`, documents in
 * `source.content`. Walked depth first in document order with an explicit stack, since the
 * nesting depth is the client's choice and JSON.parse accepts far more than the call stack.
 */
function visitBlocks(blocks: unknown[], path: string, found: CacheBreakpoint[]): void {
  const pending = childBlocks(blocks, path).reverse()
  while (pending.length > 0) {
    const { block, path: blockPath } = pending.pop()!
    if (!isJsonObject(block)) continue
    const on = typeof block.type === 'string' ? block.type : 'block'
    addBreakpoint(block.cache_control, `${blockPath}.cache_control`, on, found)
    const children = [
      ...childBlocks(block.content, `${blockPath}.content`),
      ...childBlocks(isJsonObject(block.source) ? block.source.content : undefined, `${blockPath}.source.content`),
    ]
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]!)
  }
}

function childBlocks(value: unknown, path: string): Array<{ block: unknown; path: string }> {
  return Array.isArray(value) ? value.map((block, index) => ({ block, path: `${path}.${index}` })) : []
}

function addBreakpoint(value: unknown, path: string, on: string, found: CacheBreakpoint[]): void {
  if (value === undefined || value === null) return
  if (!isJsonObject(value)) {
    throw invalidField(path, `must be an object like {"type": "ephemeral"} or null (got ${describeValue(value)})`)
  }
  if (value.type !== 'ephemeral') {
    throw invalidField(`${path}.type`, `must be "ephemeral", the only cache type (got ${describeValue(value.type)})`)
  }
  const ttl = value.ttl
  if (ttl !== undefined && ttl !== '5m' && ttl !== '1h') {
    throw invalidField(`${path}.ttl`, `must be "5m" or "1h" (got ${describeValue(ttl)}); omit it for the default 5m`)
  }
  found.push({ path, ttl: ttl ?? null, on })
}
