import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import { GATEWAY_VERSION } from '../../kernel/version'

const CONNECT_TIMEOUT_MS = 30_000

/** The MCP client SDK, loaded with the first connection: a gateway with no MCP server configured never pays for it. */
let clientSdk: ReturnType<typeof importClientSdk> | undefined
const importClientSdk = async () => {
  const [client, stdio, http, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ])
  return { ...client, ...stdio, ...http, ...types }
}
const loadClientSdk = () => (clientSdk ??= importClientSdk())

/** Where a hosted server runs: a command the gateway starts (stdio) or a streamable HTTP endpoint. */
export type McpServerSpec =
  | { label: string; command: string; args: string[]; env: Record<string, string> }
  | { label: string; url: string; headers: Record<string, string> }

export interface McpConnectionOptions {
  /** How long one tool call may take before the model is told it timed out. */
  callTimeoutMs: number
  /** A stdio server nobody called for this long is stopped; the next call starts it again. */
  idleTimeoutMs: number
}

export interface McpToolResult {
  ok: boolean
  /** The result's text (text blocks joined, other blocks as JSON), or the error's message. */
  text: string
}

/** The text a model gets back from a tool result: text blocks as they are, other blocks (images, resources) as JSON. */
export function resultText(result: CallToolResult): string {
  const parts = result.content.map((block) => (block.type === 'text' ? block.text : JSON.stringify(block)))
  if (!parts.length && result.structuredContent) parts.push(JSON.stringify(result.structuredContent))
  return parts.join('\n')
}

/**
 * One hosted MCP server, through the official SDK client. It connects on first use; when the server
 * goes away (a stdio process crashes, an HTTP session drops) the pending calls fail and the next call
 * connects again. Its tool list is cached until the server says it changed (`tools/list_changed`). An
 * idle stdio server is stopped.
 */
export function createMcpConnection(spec: McpServerSpec, opts: McpConnectionOptions) {
  let client: Promise<Client> | null = null
  let tools: Promise<Tool[]> | null = null
  let idleTimer: NodeJS.Timeout | null = null
  const isStdio = 'command' in spec

  function transportFor({ StdioClientTransport, StreamableHTTPClientTransport }: Awaited<typeof clientSdk & object>): Transport {
    if ('command' in spec) return new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: 'ignore' })
    return new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } })
  }

  function connect(): Promise<Client> {
    if (client) return client
    const connecting = (async () => {
      const sdk = await loadClientSdk()
      const c = new sdk.Client({ name: 'gatehouse', version: GATEWAY_VERSION })
      c.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
        tools = null
      })
      const transport = transportFor(sdk)
      c.onclose = () => {
        if (client === connecting) {
          client = null
          tools = null
        }
      }
      // Starting a process can take longer than a call on a busy machine: the connect has its own, longer limit.
      await c.connect(transport, { timeout: Math.max(opts.callTimeoutMs, CONNECT_TIMEOUT_MS) })
      return c
    })()
    client = connecting
    connecting.catch(() => {
      if (client === connecting) client = null
    })
    return connecting
  }

  let busy = 0
  /** Runs `fn` as a use of the server: the idle clock starts again once no use is in flight. */
  async function using<T>(fn: () => Promise<T>): Promise<T> {
    busy++
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    try {
      return await fn()
    } finally {
      if (--busy === 0 && isStdio && opts.idleTimeoutMs > 0) {
        idleTimer = setTimeout(() => void stop(), opts.idleTimeoutMs)
        idleTimer.unref()
      }
    }
  }

  async function stop(): Promise<void> {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = null
    const current = client
    client = null
    tools = null
    if (current) await current.then((c) => c.close()).catch(() => undefined)
  }

  async function listed(signal?: AbortSignal): Promise<Tool[]> {
    if (!tools) {
      const listing = (async () => {
        const c = await connect()
        const all: Tool[] = []
        let cursor: string | undefined
        do {
          const page = await c.listTools(cursor ? { cursor } : {}, { timeout: opts.callTimeoutMs, signal })
          all.push(...page.tools)
          cursor = page.nextCursor
        } while (cursor)
        return all
      })()
      tools = listing
      listing.catch(() => {
        if (tools === listing) tools = null
      })
    }
    return tools
  }

  async function called(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpToolResult> {
    try {
      const c = await connect()
      const result = (await c.callTool({ name, arguments: args }, undefined, { timeout: opts.callTimeoutMs, signal })) as CallToolResult
      return { ok: !result.isError, text: resultText(result) }
    } catch (err) {
      const { McpError, ErrorCode } = await loadClientSdk()
      const timedOut = err instanceof McpError && err.code === Number(ErrorCode.RequestTimeout)
      if (timedOut && isStdio) await stop() // a hung process is not asked again: the next call starts a fresh one
      const why = timedOut ? `it did not answer within ${opts.callTimeoutMs / 1000}s` : (err as Error).message
      return { ok: false, text: `The MCP server "${spec.label}" failed to run ${name}: ${why}` }
    }
  }

  return {
    spec,
    /** Whether a client is connected or connecting (a stdio server's process is running). */
    get running() {
      return client !== null
    },

    /** The server's tools, from the cache when the server has not said they changed. */
    listTools(signal?: AbortSignal): Promise<Tool[]> {
      return using(() => listed(signal))
    },

    /** Calls a tool; a failure, a crash or a time-out comes back as `ok: false` with a message for the model. */
    callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<McpToolResult> {
      return using(() => called(name, args, signal))
    },

    stop,
  }
}

export type McpConnection = ReturnType<typeof createMcpConnection>
