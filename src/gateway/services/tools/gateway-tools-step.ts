import { setMaxListeners } from 'node:events'
import { ocrToolSettings, type ChatCompletion, type ChatCompletionChunk, type ChatCompletionRequest, type ChatMessage, type ChatTool, type OcrTool, type RagTool, type WebSearchTool } from '../../../shared/chat/types'
import { isGatewayError } from '../../../shared/errors'
import { abortSignalOf } from '../../kernel/client-signal'
import type { ChatStream } from '../../providers/contracts/chat'
import type { ToolRunLog } from '../../store/repos/usage-repo'
import type { ChatStep, ChatStepContext } from '../chat/chat-steps'
import { citeSources } from './citations'
import type { OcrToolRunner } from './ocr/ocr-tool'
import type { RagToolRunner } from './rag/rag-tool'
import type { Source } from './tool-sources'
import type { WebSearchToolRunner } from './web-search/web-search-tool'

const STATE_KEY = 'gateway-tools.sources'
const OCR_TYPE = /_ocr$/

export interface GatewayToolRunners {
  webSearch: WebSearchToolRunner
  rag: RagToolRunner
  ocr: OcrToolRunner
  now(): number
}

const isGatewayTool = (t: ChatTool) => t.type !== 'function'
const namesGatewayTools = (req: ChatCompletionRequest) => !!req.tools?.some(isGatewayTool)

/** What a tool run is about, for its log line even when it fails before it starts. */
function describeTool(tool: ChatTool, query: string): { name: string; input: string } {
  if (tool.type === 'web_search') {
    const mcp = (tool as WebSearchTool).web_search?.mcp
    return mcp?.type === 'url' ? { name: 'universal', input: mcp.options.url } : { name: mcp?.options.tool ?? 'web_search', input: mcp?.options.query ?? query }
  }
  if (tool.type === 'rag') {
    const { mcp } = (tool as RagTool).rag
    return { name: mcp.collection_uuid, input: mcp.query?.trim() || query }
  }
  return { name: tool.type, input: ocrToolSettings(tool as OcrTool).file_id }
}

function lastUserText(messages: ChatMessage[]): string {
  const m = [...messages].reverse().find((x) => x.role === 'user')
  if (!m) return ''
  return typeof m.content === 'string' ? m.content : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n')
}

/** The sources as one system message: numbered, each with its title and URL, and how to cite them. */
export function sourcesMessage(sources: readonly Source[]): string {
  const blocks = sources.map((s, i) => `[${i + 1}] ${s.title}\nURL: ${s.url}\n${s.text.trim()}`)
  return [
    'The gateway ran tools for this request (web search, document collections, text recognition) and found the sources below.',
    'Answer from them where they help. When a sentence uses a source, end it with the source number in square brackets, like [1].',
    '',
    blocks.join('\n\n'),
  ].join('\n')
}

/** The request with the gateway's tools taken out and what they found put in, after the leading system/developer messages. */
function withSources(req: ChatCompletionRequest, sources: readonly Source[]): ChatCompletionRequest {
  const functions = (req.tools ?? []).filter((t) => !isGatewayTool(t))
  const out: ChatCompletionRequest = { ...req, tools: functions }
  if (!functions.length) {
    delete out.tools
    delete out.tool_choice
    delete out.parallel_tool_calls
  }
  if (!sources.length) return out
  const lead = req.messages.findIndex((m) => m.role !== 'system' && m.role !== 'developer')
  const at = lead === -1 ? req.messages.length : lead
  out.messages = [...req.messages.slice(0, at), { role: 'system', content: sourcesMessage(sources) }, ...req.messages.slice(at)]
  return out
}

/**
 * Runs the gateway's own tools of spec 2.4 (web_search, rag, `<vendor>_ocr`) before the model's call,
 * for any model: what they find goes into the context as numbered sources, the tools go no further
 * upstream, and the answer gets `url_citation` annotations (whole or streamed). Each run is logged with
 * the request's usage row; a fallback model reuses what was found.
 */
export function gatewayToolsStep(tools: GatewayToolRunners): ChatStep {
  async function runOne(tool: ChatTool, i: number, req: ChatCompletionRequest, c: ChatStepContext): Promise<Source[]> {
    const param = tool.type === 'web_search' || tool.type === 'rag' ? `tools[${i}].${tool.type}` : `tools[${i}]`
    const started = tools.now()
    const query = lastUserText(req.messages)
    const log: ToolRunLog = { type: tool.type, ...describeTool(tool, query), status: 'ok', latencyMs: 0, sources: [] }
    try {
      const signal = abortSignalOf(c.request.signal)
      const run =
        tool.type === 'web_search'
          ? await tools.webSearch.run(tool as WebSearchTool, query, signal, param)
          : tool.type === 'rag'
            ? await tools.rag.run(tool as RagTool, c.request.principal.team.id, query, signal, param)
            : await tools.ocr.run(tool as OcrTool, c.request.principal.team.id, signal, param)
      Object.assign(log, { name: run.name, input: run.input, sources: run.sources.map(({ title, url }) => ({ title, url })) })
      return run.sources
    } catch (err) {
      Object.assign(log, { status: 'error', error: (err as Error).message })
      throw err
    } finally {
      log.latencyMs = tools.now() - started
      c.tools.push(log)
    }
  }

  async function runAll(req: ChatCompletionRequest, c: ChatStepContext): Promise<Source[]> {
    const gateway = (req.tools ?? []).flatMap((t, i) => (isGatewayTool(t) && (t.type === 'web_search' || t.type === 'rag' || OCR_TYPE.test(t.type)) ? [{ t, i }] : []))
    // The tools run at once on the request's signal, each page fetched and parsed holding a listener on it while it
    // runs (up to MAX_PAGES_PER_REQUEST pages): past Node's default of 10 it would log a leak that is none.
    if (gateway.length > 0) setMaxListeners(0, abortSignalOf(c.request.signal))
    const settled = await Promise.allSettled(gateway.map(({ t, i }) => runOne(t, i, req, c)))
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
    if (failed) {
      // a 4xx of the request itself wins over an engine's 5xx: the client has something to fix
      const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []))
      throw errors.find((e) => isGatewayError(e) && e.status < 500) ?? failed.reason
    }
    return settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []))
  }

  return {
    name: 'gateway-tools',
    appliesTo: namesGatewayTools,

    async prepare(req, c) {
      if (!namesGatewayTools(req)) return req
      let sources = c.state.get(STATE_KEY) as Source[] | undefined
      if (!sources) {
        sources = await runAll(req, c)
        c.state.set(STATE_KEY, sources)
      }
      return withSources(req, sources)
    },

    finish(completion: ChatCompletion, c) {
      const sources = c.state.get(STATE_KEY) as Source[] | undefined
      if (!sources?.length) return completion
      return {
        ...completion,
        choices: completion.choices.map((choice) => {
          const annotations = citeSources(choice.message.content ?? '', sources)
          return annotations.length ? { ...choice, message: { ...choice.message, annotations: [...(choice.message.annotations ?? []), ...annotations] } } : choice
        }),
      }
    },

    stream(stream: ChatStream, c) {
      const sources = c.state.get(STATE_KEY) as Source[] | undefined
      if (!sources?.length) return stream
      return citingStream(stream, sources)
    },
  }
}

/**
 * Passes the chunks through, following each choice's content; when a choice finishes, one chunk with
 * `delta.annotations` goes just before the chunk that carries its `finish_reason`.
 */
function citingStream(stream: ChatStream, sources: readonly Source[]): ChatStream {
  const content = new Map<number, string>()
  async function* chunks(): AsyncGenerator<ChatCompletionChunk> {
    for await (const chunk of stream) {
      for (const choice of chunk.choices) if (choice.delta.content) content.set(choice.index, (content.get(choice.index) ?? '') + choice.delta.content)
      const finishing = chunk.choices.filter((ch) => ch.finish_reason !== null)
      if (!finishing.length) {
        yield chunk
        continue
      }
      const hasDelta = chunk.choices.some((ch) => Object.keys(ch.delta).length > 0)
      if (hasDelta) yield { ...chunk, choices: chunk.choices.map((ch) => ({ ...ch, finish_reason: null })) }
      for (const ch of finishing) {
        const annotations = citeSources(content.get(ch.index) ?? '', sources)
        if (annotations.length) yield { ...chunk, choices: [{ index: ch.index, delta: { annotations }, finish_reason: null }] }
      }
      yield { ...chunk, choices: finishing.map((ch) => ({ ...ch, delta: {} })) }
    }
  }
  const iterator = chunks()
  return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => stream.reportedUsage() }
}
