import { isGatewayError, notFound } from '../../../shared/errors'
import type { ChatStream } from '../../providers/contracts/chat'
import type { ChatService, PreparedChat } from '../chat/chat-service'
import { pumpChatStream } from '../chat/pump-chat-stream'
import type { EmbeddingsService } from '../embeddings/embeddings-service'
import type { Pipeline, Served } from '../pipeline/pipeline'
import type { RequestContext } from '../pipeline/request-context'
import { ollamaChatToPivot, ollamaGenerateToPivot } from './ollama-to-pivot'
import { PivotStreamToOllama, pivotToOllama, type OllamaKind } from './pivot-to-ollama'

type Obj = Record<string, unknown>

export interface PlannedOllama {
  kind: OllamaKind
  chat: PreparedChat
  /** The model as the client named it, echoed in every object. */
  model: string
}

const modelMissing = (name: string) => notFound(`model "${name}" not found, try pulling it first`, 'model_not_found', 'model')

/**
 * `/api/chat`, `/api/generate` and `/api/embed(dings)`: Ollama's bodies translated to the pivot and
 * answered by the chat and embeddings services, so keys, credits, 402, fallbacks and usage rows are
 * theirs. Ollama clients add `:latest` to bare names; a name not found with it is tried without.
 */
export function createOllamaService({ pipeline, chat, embeddings }: { pipeline: Pipeline; chat: ChatService; embeddings: EmbeddingsService }) {
  function resolveLabel(ctx: RequestContext, label: string, modality: 'chat' | 'embeddings'): { label: string; reasons: boolean; local: boolean } {
    for (const candidate of label.endsWith(':latest') ? [label, label.slice(0, -':latest'.length)] : [label]) {
      try {
        const { target } = pipeline.resolve(ctx, candidate, modality)
        return { label: candidate, reasons: target.model.options.reasoning === true, local: target.provider.type === 'local' }
      } catch (err) {
        if (!(isGatewayError(err) && err.code === 'model_not_found')) throw err
      }
    }
    throw modelMissing(label)
  }

  return {
    plan(ctx: RequestContext, kind: OllamaKind, body: Obj): PlannedOllama {
      const asked = typeof body.model === 'string' ? body.model : ''
      const { label, reasons, local } = asked === '' ? { label: asked, reasons: false, local: false } : resolveLabel(ctx, asked, 'chat')
      const pivot = kind === 'chat' ? ollamaChatToPivot({ ...body, model: label }, { reasons }) : ollamaGenerateToPivot({ ...body, model: label }, { reasons })
      const prep = chat.prepare(ctx, pivot, undefined, kind === 'chat' ? 'ollama.chat' : 'ollama.generate')
      // generate with raw: true on a local model: the prompt is continued as it is, without the chat template.
      if (kind === 'generate' && body.raw === true && local) prep.req.raw_prompt = true
      return { kind, chat: prep, model: asked }
    },

    async complete(p: PlannedOllama, createdAt: string, elapsedNs: () => number) {
      const { completion, ...served } = await chat.complete(p.chat)
      return { answer: pivotToOllama(completion, p.kind, p.model, createdAt, elapsedNs()), served }
    },

    openStream: (p: PlannedOllama) => chat.openStream(p.chat),

    /** Writes the stream as NDJSON; a failure mid-stream is one `{"error": ...}` line, as Ollama writes it. */
    async relay(p: PlannedOllama, opened: Served<ChatStream>, write: (text: string) => Promise<void>, now: () => string, elapsedNs: () => number): Promise<void> {
      const out = new PivotStreamToOllama(p.kind, p.model, now)
      const lines = async (objects: object[]) => {
        if (objects.length > 0) await write(objects.map((o) => `${JSON.stringify(o)}\n`).join(''))
      }
      const { status, usage } = await pumpChatStream({ chat, prep: p.chat, opened, onChunk: (chunk) => lines(out.push(chunk)), onError: (e) => lines([{ error: e.message }]) })
      if (status === 200) await lines(out.finish(usage, elapsedNs()))
    },

    /** `/api/embed` (`input`: a string or strings) and the older `/api/embeddings` (`prompt`: one string). */
    async embed(ctx: RequestContext, model: string, inputs: string[]) {
      const { label } = resolveLabel(ctx, model, 'embeddings')
      return embeddings.embed(ctx, label, inputs)
    },
  }
}

export type OllamaService = ReturnType<typeof createOllamaService>
