import { GatewayError } from '../../../shared/errors'
import type { EmbeddingsProvider } from '../contracts/embeddings'
import { postUpstream } from '../upstream/post-json'
import type { UpstreamConnection } from '../upstream/upstream-connection'
import { openAiAuth } from './openai-endpoint'

interface UpstreamEmbedding {
  index?: number
  embedding?: number[] | string
}

/** A base64 embedding as OpenAI sends it: little-endian float32s. */
export function floatsFromBase64(data: string): number[] {
  const bytes = Buffer.from(data, 'base64')
  const out = new Array<number>(bytes.length >> 2)
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4)
  return out
}

/**
 * Embeddings on an OpenAI-compatible upstream. Vectors are asked for as base64 (a quarter of the bytes
 * of JSON floats, and exactly the upstream's float32 values); an upstream that sends arrays anyway is read too.
 */
export function openAiEmbeddingsProvider(providerId: string, connect: () => UpstreamConnection): EmbeddingsProvider {
  const bad = (what: string) => new GatewayError({ status: 502, type: 'upstream_error', code: 'upstream_bad_response', message: `The provider "${providerId}" sent an embeddings reply without ${what}.` })
  return {
    async embed(req, ctx) {
      const conn = connect()
      const body = JSON.stringify({ model: ctx.model.upstream, input: req.input, encoding_format: 'base64', ...(req.dimensions !== undefined ? { dimensions: req.dimensions } : {}), ...(req.user ? { user: req.user } : {}) })
      const res = await postUpstream(conn, '/embeddings', body, Object.assign(openAiAuth(conn), { 'x-request-id': ctx.requestId }), ctx.signal)
      let raw: { data?: UpstreamEmbedding[]; usage?: { prompt_tokens?: number } }
      try {
        raw = (await res.body.json()) as typeof raw
      } catch (err) {
        // A reply past its size cap keeps its own error.
        if (ctx.signal.aborted || err instanceof GatewayError) throw err
        throw bad('JSON')
      }
      if (!Array.isArray(raw.data) || raw.data.length !== req.input.length) throw bad(`one vector per input (${req.input.length})`)
      const vectors: number[][] = new Array(req.input.length)
      raw.data.forEach((d, i) => {
        const vector = typeof d.embedding === 'string' ? floatsFromBase64(d.embedding) : Array.isArray(d.embedding) ? d.embedding : null
        if (!vector) throw bad('an embedding in every item')
        vectors[d.index ?? i] = vector
      })
      return { vectors, promptTokens: raw.usage?.prompt_tokens ?? 0 }
    },
  }
}
