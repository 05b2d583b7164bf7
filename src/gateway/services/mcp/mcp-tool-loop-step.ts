import type { ChatCompletionChunk, ChatCompletionRequest, ChatMessage, ChatTool, FunctionTool, McpCallProgress, McpTool, ToolCall, Usage } from '../../../shared/chat/types'
import { badRequest, GatewayError } from '../../../shared/errors'
import { abortSignalOf } from '../../kernel/client-signal'
import { normalizeUsage } from '../../providers/openai/openai-wire'
import type { ChatStep, ChatStepContext } from '../chat/chat-steps'
import { ChunkAccumulator } from '../chat/chunk-accumulator'
import { estimateTokens } from '../credits/pricing'
import type { McpHost } from './mcp-host'

export const DEFAULT_MAX_TOOL_ROUNDS = 8
const STATE_KEY = 'mcp.tools'
const ROUNDS_KEY = 'mcp.max-tool-rounds'
const MAX_INPUT_LOGGED = 500

/** A function the model sees, standing for one tool of one server. */
interface McpFunction {
  label: string
  tool: string
}

type McpFunctions = Map<string, McpFunction>

/** The function name a server's tool goes by: `label__tool`, cut to the 64 characters OpenAI allows. */
export const functionNameOf = (label: string, tool: string) => `${label}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)

const isMcp = (t: ChatTool): t is McpTool => t.type === 'mcp'

function addUsage(a: Usage, b: Usage): Usage {
  return normalizeUsage({
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    completion_tokens_details: {
      accepted_prediction_tokens: a.completion_tokens_details.accepted_prediction_tokens + b.completion_tokens_details.accepted_prediction_tokens,
      audio_tokens: a.completion_tokens_details.audio_tokens + b.completion_tokens_details.audio_tokens,
      reasoning_tokens: a.completion_tokens_details.reasoning_tokens + b.completion_tokens_details.reasoning_tokens,
      rejected_prediction_tokens: a.completion_tokens_details.rejected_prediction_tokens + b.completion_tokens_details.rejected_prediction_tokens,
    },
    prompt_tokens_details: {
      audio_tokens: a.prompt_tokens_details.audio_tokens + b.prompt_tokens_details.audio_tokens,
      cached_tokens: a.prompt_tokens_details.cached_tokens + b.prompt_tokens_details.cached_tokens,
    },
  })
}

function parseArguments(text: string): Record<string, unknown> | string {
  try {
    const value = JSON.parse(text || '{}') as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : 'the arguments must be a JSON object'
  } catch {
    return 'the arguments are not valid JSON'
  }
}

/**
 * The MCP tool loop (issue 25), for any model: `{type: "mcp", server_label, allowed_tools}` entries
 * become the server's tools as functions; when the model calls them the gateway calls the server and
 * hands the results back, until the model answers or `max_tool_rounds` calls of the model were made
 * (the last one may not call tools). A failure or time-out of a tool is the model's to read, as the
 * tool's result. Each call is logged with the request's usage row; a stream shows each call as it
 * starts and ends (`delta.svc_mcp_call`).
 */
export function mcpToolLoopStep(host: McpHost, now: () => number): ChatStep {
  async function runCall(call: ToolCall, fn: McpFunction, c: ChatStepContext): Promise<{ ok: boolean; text: string }> {
    const started = now()
    const args = parseArguments(call.function.arguments)
    const result = typeof args === 'string' ? { ok: false, text: `Could not call ${fn.tool}: ${args}.` } : await host.call(c.request.principal.team.id, fn.label, fn.tool, args, abortSignalOf(c.request.signal))
    c.tools.push({
      type: 'mcp',
      name: `${fn.label}/${fn.tool}`,
      input: call.function.arguments.slice(0, MAX_INPUT_LOGGED),
      status: result.ok ? 'ok' : 'error',
      latencyMs: now() - started,
      sources: [],
      ...(result.ok ? {} : { error: result.text }),
    })
    return result
  }

  /** The messages after a round: the model's tool calls, then each call's result. */
  async function runRound(calls: ToolCall[], content: string | null, fns: McpFunctions, c: ChatStepContext, progress?: (p: McpCallProgress) => void): Promise<ChatMessage[]> {
    const results = await Promise.all(
      calls.map(async (call) => {
        const fn = fns.get(call.function.name)!
        const base = { id: call.id, server_label: fn.label, name: fn.tool, arguments: call.function.arguments }
        progress?.({ ...base, status: 'in_progress' })
        const result = await runCall(call, fn, c)
        progress?.(result.ok ? { ...base, status: 'completed' } : { ...base, status: 'failed', error: result.text })
        return { role: 'tool' as const, tool_call_id: call.id, content: result.ok ? result.text : `Error: ${result.text}` }
      }),
    )
    return [{ role: 'assistant', content, tool_calls: calls }, ...results]
  }

  /** `max_tool_rounds` is the gateway's, kept here: the request going upstream has it taken out. */
  const roundsOf = (c: ChatStepContext) => (c.state.get(ROUNDS_KEY) as number | undefined) ?? DEFAULT_MAX_TOOL_ROUNDS
  /**
   * The last round may not call tools: the model has to answer with what it has. A forced tool choice
   * holds for the first round only (as the Agents SDK's reset_tool_choice), or the model could never answer.
   */
  function forRound(req: ChatCompletionRequest, messages: ChatMessage[], round: number, c: ChatStepContext): ChatCompletionRequest {
    if (round >= roundsOf(c)) return { ...req, messages, tool_choice: 'none' }
    const forced = req.tool_choice === 'required' || typeof req.tool_choice === 'object'
    return round > 1 && forced ? { ...req, messages, tool_choice: 'auto' } : { ...req, messages }
  }
  const allMcp = (calls: ToolCall[] | undefined, fns: McpFunctions): calls is ToolCall[] => !!calls?.length && calls.every((t) => fns.has(t.function.name))

  return {
    name: 'mcp-tools',
    // prepare takes max_tool_rounds out of every request (it is the gateway's), and lists the MCP tools'.
    appliesTo: (req) => 'max_tool_rounds' in req || !!req.tools?.some(isMcp),

    async prepare(req, c) {
      const { max_tool_rounds: rounds, ...out } = req
      if (rounds !== undefined) c.state.set(ROUNDS_KEY, rounds)
      const entries = (req.tools ?? []).flatMap((t, i) => (isMcp(t) ? [{ t, i }] : []))
      if (!entries.length) return out
      if ((req.n ?? 1) > 1) throw badRequest('n must be 1 when tools has an "mcp" tool: the gateway runs one conversation with the MCP servers.', 'n')
      let fns = c.state.get(STATE_KEY) as McpFunctions | undefined
      const functions: FunctionTool[] = []
      const listed = await Promise.all(
        entries.map(async ({ t, i }) => {
          try {
            return { t, tools: await host.toolsFor(c.request.principal.team.id, t.server_label, t.allowed_tools, `tools[${i}].server_label`, abortSignalOf(c.request.signal)) }
          } catch (err) {
            if (err instanceof GatewayError) throw err
            // As OpenAI answers when it cannot list an MCP server's tools: 424, the dependency failed.
            throw new GatewayError({ status: 424, type: 'upstream_error', code: 'mcp_list_tools_failed', param: `tools[${i}].server_label`, message: `The MCP server "${t.server_label}" could not list its tools: ${(err as Error).message}` })
          }
        }),
      )
      const fresh: McpFunctions = new Map()
      for (const { t, tools } of listed) {
        for (const tool of tools) {
          const name = functionNameOf(t.server_label, tool.name)
          fresh.set(name, { label: t.server_label, tool: tool.name })
          const description = [tool.description ?? tool.title, t.server_description && `(MCP server "${t.server_label}": ${t.server_description})`].filter(Boolean).join(' ')
          functions.push({ type: 'function', function: { name, ...(description ? { description } : {}), parameters: tool.inputSchema as Record<string, unknown> } })
        }
      }
      fns ??= fresh
      c.state.set(STATE_KEY, fns)
      const tools = [...(req.tools ?? []).filter((t) => !isMcp(t)), ...functions]
      const named = typeof req.tool_choice === 'object' ? req.tool_choice.function.name : null
      if (named !== null && !tools.some((t) => t.type === 'function' && t.function.name === named)) {
        throw badRequest(`tool_choice.function.name: no tool "${named}" among tools; an MCP server's tools go by "<server_label>__<tool name>", and only those its allowed_tools and your team allow.`, 'tool_choice.function.name', 'unknown_function')
      }
      if (!tools.length) {
        delete out.tools
        delete out.tool_choice
        return out
      }
      return { ...out, tools }
    },

    async around(req, call, c) {
      const fns = c.state.get(STATE_KEY) as McpFunctions | undefined
      if (!fns?.size) return call(req)
      let messages = req.messages
      let usage: Usage | null = null
      for (let round = 1; ; round++) {
        const answer = await call(forRound(req, messages, round, c))
        usage = usage ? addUsage(usage, answer.usage) : answer.usage
        const message = answer.choices[0]?.message
        if (round >= roundsOf(c) || !allMcp(message?.tool_calls, fns)) return { ...answer, usage }
        messages = [...messages, ...(await runRound(message.tool_calls, message.content, fns, c))]
      }
    },

    async aroundStream(req, call, c) {
      const state = c.state.get(STATE_KEY) as McpFunctions | undefined
      if (!state?.size) return call(req)
      const fns = state
      const first = await call(forRound(req, req.messages, 1, c))
      let usage: Usage | null = null
      async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
        let messages = req.messages
        let stream = first
        let envelope: Pick<ChatCompletionChunk, 'id' | 'created' | 'model'> | null = null
        for (let round = 1; ; round++) {
          const acc = new ChunkAccumulator()
          const held: ChatCompletionChunk[] = []
          const hold = round < roundsOf(c)
          for await (const chunk of stream) {
            envelope ??= { id: chunk.id, created: chunk.created, model: chunk.model }
            if (!chunk.choices.length) continue
            acc.add(chunk)
            const out = { ...chunk, ...envelope }
            // Tool calls wait until the round ends: MCP ones are the gateway's to run, not the client's.
            if (hold && chunk.choices.some((ch) => ch.delta.tool_calls?.length || ch.finish_reason === 'tool_calls')) {
              held.push(out)
              continue
            }
            if (round > 1) out.choices = out.choices.map((ch) => ({ ...ch, delta: { ...ch.delta, role: undefined } }))
            yield out
          }
          const reported = stream.reportedUsage() ?? normalizeUsage({ prompt_tokens: estimateTokens(JSON.stringify(messages)), completion_tokens: acc.deltaCount() })
          usage = usage ? addUsage(usage, reported) : reported
          const message = acc.messages()[0]?.message
          if (!hold || !allMcp(message?.tool_calls, fns)) {
            yield* held
            return
          }
          const progress: ChatCompletionChunk[] = []
          const say = (p: McpCallProgress) => progress.push({ ...envelope!, object: 'chat.completion.chunk', usage: null, choices: [{ index: 0, delta: { svc_mcp_call: p }, finish_reason: null }] })
          for (const tc of message.tool_calls) say({ id: tc.id, server_label: fns.get(tc.function.name)!.label, name: fns.get(tc.function.name)!.tool, arguments: tc.function.arguments, status: 'in_progress' })
          yield* progress.splice(0)
          const added = await runRound(message.tool_calls, message.content, fns, c, (p) => p.status !== 'in_progress' && say(p))
          yield* progress.splice(0)
          messages = [...messages, ...added]
          stream = await call(forRound(req, messages, round + 1, c))
        }
      }
      const iterator = chunks()
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => usage }
    },
  }
}
