import type { Readable } from 'node:stream'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { OAuthScope } from '../../../shared/admin-wire'
import type { RecordingInfo } from '../../../shared/recording-wire'
import { abortSignalOf } from '../../kernel/client-signal'
import { GATEWAY_VERSION } from '../../kernel/version'
import type { createRecordingsAdmin } from '../admin/recordings-admin'
import type { AudioService } from '../audio/audio-service'
import type { FileService } from '../files/file-service'
import type { RequestContext } from '../pipeline/request-context'
import type { OcrToolRunner } from '../tools/ocr/ocr-tool'
import type { RagService } from '../tools/rag/rag-service'
import type { Source } from '../tools/tool-sources'
import type { WebSearchToolRunner } from '../tools/web-search/web-search-tool'
import { chunkSource } from '../tools/rag/rag-tool'

export interface GatewayMcpDeps {
  rag: RagService
  webSearch: WebSearchToolRunner
  ocr: OcrToolRunner
  audio: AudioService
  files: FileService
  recordings: ReturnType<typeof createRecordingsAdmin>
}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] })
const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value as Record<string, unknown> })

/** Sources as the model reads them: numbered, each with its title and URL. */
const sourcesText = (sources: readonly Source[]) => (sources.length ? sources.map((s, i) => `[${i + 1}] ${s.title}\nURL: ${s.url}\n${s.text.trim()}`).join('\n\n') : 'Nothing found.')

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of body) parts.push(part as Buffer)
  return Buffer.concat(parts)
}

/**
 * The OAuth scope each tool and resource needs, as its service does on `/v1`: collections, web search
 * and OCR are chat's tools; transcription, recordings and transcripts are audio's. An API key holds every scope.
 */
export const MCP_TOOL_SCOPES = {
  search_collection: 'chat',
  list_collections: 'chat',
  web_search: 'chat',
  ocr_file: 'chat',
  transcribe: 'audio',
  list_recordings: 'audio',
  read_transcript: 'audio',
} as const satisfies Record<string, OAuthScope>

const recordingSummary = (r: RecordingInfo) => ({ id: r.id, title: r.title, source: r.source, state: r.state, duration: r.duration, has_transcript: r.transcript !== null, created_at: r.created_at })

/**
 * The gateway's own tools as an MCP server, for one caller (issue 25): collections search, web search,
 * OCR, transcription, recordings and their transcripts, as tools, and collections and transcripts as
 * resources. Every call runs through the same services as the API, as the caller's team (a file or
 * collection of another team is not found) and billed like the API (a transcription is a usage row).
 * A service's error becomes the tool's error result, which the client's model can read.
 */
export async function gatewayMcpServer(deps: GatewayMcpDeps, ctx: RequestContext): Promise<McpServer> {
  // The MCP SDK loads with the first MCP request, not at start-up.
  const { McpServer, ResourceTemplate } = await import('@modelcontextprotocol/sdk/server/mcp.js')
  const teamId = ctx.principal.team.id
  const { scopes } = ctx.principal
  const holds = (scope: OAuthScope) => scopes === null || scopes.includes(scope)
  const lacking = (scope: OAuthScope) =>
    `This access token's scopes (${scopes?.join(' ') ?? ''}) do not include "${scope}", which this tool needs. Ask for "${scope}" in the token request's scope, or use an API key.`
  /** A tool's handler behind its scope: a token without it gets a tool error naming the scope. */
  const scoped =
    <A extends unknown[]>(tool: keyof typeof MCP_TOOL_SCOPES, handler: (...args: A) => Promise<CallToolResult>) =>
    async (...args: A): Promise<CallToolResult> => {
      const scope = MCP_TOOL_SCOPES[tool]
      return holds(scope) ? handler(...args) : { isError: true, content: [{ type: 'text', text: lacking(scope) }] }
    }
  /** A resource read behind its scope: a JSON-RPC error naming the scope. */
  const requireScope = (scope: OAuthScope) => {
    if (!holds(scope)) throw new Error(lacking(scope).replace('this tool', 'this resource'))
  }
  const server = new McpServer({ name: 'gatehouse', version: GATEWAY_VERSION }, { instructions: "Gatehouse's tools: search your team's document collections and the web, read text from images and PDFs, transcribe audio files and recordings, and read transcripts." })

  server.registerTool(
    'search_collection',
    {
      title: 'Search a collection',
      description: "The passages of a document collection that best match a query (full-text and, when the collection has one, embedding search). list_collections or the collections resources give the ids.",
      inputSchema: { collection_id: z.string().min(1).describe('The collection id'), query: z.string().min(1).describe('What to look for'), top_n: z.number().int().min(1).max(50).optional().describe('How many passages (default 5)') },
      annotations: { readOnlyHint: true },
    },
    scoped('search_collection', async ({ collection_id, query, top_n }) => {
      deps.rag.getFor(teamId, collection_id, 'collection_id')
      const chunks = await deps.rag.search(collection_id, query, { topN: top_n ?? 5, signal: abortSignalOf(ctx.signal), param: 'collection_id', teamId })
      return text(sourcesText(chunks.map((c) => chunkSource(collection_id, c))))
    }),
  )

  server.registerTool(
    'list_collections',
    { title: 'List collections', description: 'The document collections your team can search.', inputSchema: {}, annotations: { readOnlyHint: true } },
    scoped('list_collections', async () => json({ collections: deps.rag.listFor(teamId).map((c) => ({ id: c.id, name: c.name, description: c.description, documents: c.document_count })) })),
  )

  server.registerTool(
    'web_search',
    {
      title: 'Search the web',
      description: 'Searches the web with the search engine the gateway is set up with and returns the best pages, read.',
      inputSchema: { query: z.string().min(1), search_context_size: z.enum(['low', 'medium', 'high']).optional().describe('How much of the pages to return (default medium)') },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    scoped('web_search', async ({ query, search_context_size }) => {
      const run = await deps.webSearch.run({ type: 'web_search', web_search: search_context_size ? { search_context_size } : {} }, query, abortSignalOf(ctx.signal), 'web_search')
      return text(sourcesText(run.sources))
    }),
  )

  server.registerTool(
    'ocr_file',
    {
      title: 'Read text from a file (OCR)',
      description: 'The text of an image (PNG, JPEG) or PDF uploaded to /v1/files with purpose "vision" or "user_data".',
      inputSchema: { file_id: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    scoped('ocr_file', async ({ file_id }) => {
      const run = await deps.ocr.run({ type: 'gatehouse_ocr', gatehouse_ocr: { file_id } }, teamId, abortSignalOf(ctx.signal), 'ocr_file')
      return text(run.sources.map((s) => s.text).join('\n\n'))
    }),
  )

  server.registerTool(
    'transcribe',
    {
      title: 'Transcribe audio',
      description: 'The transcript of an audio file uploaded to /v1/files, or of a recording (list_recordings gives the ids). Billed like /v1/audio/transcriptions.',
      inputSchema: {
        model: z.string().min(1).describe('A transcription model your team may use'),
        file_id: z.string().min(1).optional(),
        recording_id: z.string().min(1).optional(),
        language: z.string().length(2).optional().describe('ISO-639-1 code of the spoken language; omitted: detected'),
      },
    },
    scoped('transcribe', async ({ model, file_id, recording_id, language }) => {
      if ((file_id === undefined) === (recording_id === undefined)) return { isError: true, content: [{ type: 'text', text: 'Give either file_id (an uploaded audio file) or recording_id (a recording), one of them.' }] }
      let audio: { bytes: Buffer; filename: string }
      if (file_id !== undefined) {
        const file = deps.files.get(teamId, file_id)
        audio = { bytes: await readAll(await deps.files.openContent(file)), filename: file.filename }
      } else {
        const rec = await deps.recordings.audioFor(teamId, recording_id!)
        audio = { bytes: await readAll(rec.body), filename: rec.filename }
      }
      const { result } = await deps.audio.transcribe(ctx, model, { file: audio.bytes, filename: audio.filename, task: 'transcribe', ...(language ? { language } : {}) })
      return json({ text: result.text, language: result.language, duration: result.duration })
    }),
  )

  server.registerTool(
    'list_recordings',
    {
      title: 'List recordings',
      description: "Your team's recordings, newest first; a query matches titles and transcripts.",
      inputSchema: { query: z.string().optional(), limit: z.number().int().min(1).max(100).optional() },
      annotations: { readOnlyHint: true },
    },
    scoped('list_recordings', async ({ query, limit }) => json({ recordings: deps.recordings.listFor(teamId, { ...(query ? { q: query } : {}), limit: limit ?? 20, offset: 0 }).map(recordingSummary) })),
  )

  server.registerTool(
    'read_transcript',
    { title: 'Read a transcript', description: "A recording's transcript, when it has one (transcribe makes one from its audio).", inputSchema: { recording_id: z.string().min(1) }, annotations: { readOnlyHint: true } },
    scoped('read_transcript', async ({ recording_id }) => {
      const rec = deps.recordings.getFor(teamId, recording_id)
      if (!rec.transcript) return { isError: true, content: [{ type: 'text', text: `Recording "${rec.title}" (${rec.id}) has no transcript yet; call transcribe with its recording_id.` }] }
      return text(rec.transcript.text)
    }),
  )

  server.registerResource(
    'collection',
    new ResourceTemplate('gatehouse://collections/{id}', {
      list: async () => ({ resources: holds('chat') ? deps.rag.listFor(teamId).map((c) => ({ uri: `gatehouse://collections/${c.id}`, name: c.name, description: c.description ?? undefined, mimeType: 'application/json' })) : [] }),
    }),
    { title: 'Collection', description: 'A document collection: what it holds', mimeType: 'application/json' },
    async (uri, { id }) => {
      requireScope('chat')
      const info = deps.rag.getFor(teamId, String(id))
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ ...info, documents: deps.rag.documents(info.id) }) }] }
    },
  )

  server.registerResource(
    'transcript',
    new ResourceTemplate('gatehouse://recordings/{id}/transcript', {
      list: async () => ({
        resources: !holds('audio') ? [] : deps.recordings
          .listFor(teamId, { limit: 100, offset: 0 })
          .filter((r) => r.transcript !== null)
          .map((r) => ({ uri: `gatehouse://recordings/${r.id}/transcript`, name: r.title, mimeType: 'text/plain' })),
      }),
    }),
    { title: 'Recording transcript', description: "A recording's transcript", mimeType: 'text/plain' },
    async (uri, { id }) => {
      requireScope('audio')
      const rec = deps.recordings.getFor(teamId, String(id), 'uri')
      if (!rec.transcript) throw new Error(`Recording "${rec.id}" has no transcript yet.`)
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: rec.transcript.text }] }
    },
  )

  return server
}
