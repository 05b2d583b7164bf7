import { badRequest } from '../../../../shared/errors'
import type { RagTool } from '../../../../shared/chat/types'
import type { Source } from '../tool-sources'
import { clock } from '../../../../shared/transcript-export'
import type { RagService, RetrievedChunk } from './rag-service'

const DEFAULT_TOP_N = 5
const MAX_TOP_N = 50

/** Where a chunk came from, as a citation's URL: the collection, the document and the chunk. */
export const chunkUrl = (collectionId: string, documentId: string, seq: number) => `gatehouse://collections/${collectionId}/documents/${documentId}#chunk-${seq}`

/**
 * A chunk as a source a model can cite: a recording's as "title at 12:31" with a `#t=start,end` media
 * fragment (what a player seeks to), a document's as its chunk.
 */
export function chunkSource(collectionId: string, c: RetrievedChunk): Source {
  if (!c.recording) return { title: c.documentName, url: chunkUrl(collectionId, c.documentId, c.seq), text: c.text }
  const { id, start, end } = c.recording
  return { title: `${c.documentName} at ${clock(start)}`, url: `gatehouse://recordings/${id}#t=${start},${end}`, text: c.text }
}

/** The rag tool of spec 2.4: the best chunks of a collection for the query (by default the last user message). */
export function createRagTool(rag: RagService) {
  return {
    async run(tool: RagTool, teamId: string, fallbackQuery: string, signal: AbortSignal, param: string) {
      const mcp = tool.rag.mcp
      rag.getFor(teamId, mcp.collection_uuid, `${param}.mcp.collection_uuid`) // another team's collection is not found
      const query = mcp.query?.trim() || fallbackQuery
      if (!query.trim()) throw badRequest(`${param}.mcp.query: nothing to search for; give a query or end the messages with a user message.`, `${param}.mcp.query`)
      if (mcp.top_n !== undefined && mcp.top_n > MAX_TOP_N) throw badRequest(`${param}.mcp.top_n must be at most ${MAX_TOP_N}.`, `${param}.mcp.top_n`)
      if (mcp.model_uuid !== undefined) {
        const own = rag.embeddingModelOf(mcp.collection_uuid)
        const named = rag.findModel(mcp.model_uuid)
        if (!own || !named || named.id !== own.id) {
          throw badRequest(
            `${param}.mcp.model_uuid must name the collection's embedding model (${own ? `"${own.name}", id ${own.id}` : 'it has none'}): its vectors were made with that model.`,
            `${param}.mcp.model_uuid`,
          )
        }
      }
      const chunks = await rag.search(mcp.collection_uuid, query, { topN: mcp.top_n ?? DEFAULT_TOP_N, threshold: mcp.threshold, signal, param: `${param}.mcp.collection_uuid`, teamId })
      const sources: Source[] = chunks.map((c) => chunkSource(mcp.collection_uuid, c))
      return { name: mcp.collection_uuid, input: query, sources }
    },
  }
}

export type RagToolRunner = ReturnType<typeof createRagTool>
