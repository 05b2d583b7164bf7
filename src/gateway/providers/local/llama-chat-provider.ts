/**
 * Chat on local GGUF models through the llama engine: the ChatProvider the registry hands out for
 * `engine: llama` models. Same reply and stream shapes as upstream models; `n` is native.
 */
import type { ChatCompletionChunk, ChatCompletionRequest, Usage } from '../../../shared/chat/types'
import type { LlamaEngine } from '../../engines/llama/llama-engine'
import type { LlamaChatEvent } from '../../engines/llama/llama-protocol'
import type { ModelManager } from '../../engines/model-manager/model-manager'
import type { IdGenerator } from '../../kernel/runtime'
import { fingerprint } from '../openai/openai-wire'
import type { ChatProvider, ChatStream } from '../contracts/chat'
import type { CallContext } from '../contracts/provider-config'
import { toLlamaChatRequest } from './llama-chat-request'
import { llamaCallOptions, localModelFile } from './local-model-file'
import { ChunkMaker, type ReplyShape, toCompletion, usageOf } from './llama-chat-response'

export interface LlamaChatProviderOptions {
  engine: LlamaEngine
  /** Resolves a model name that is not a file path to an installed chat model. */
  models?: ModelManager
  ids: IdGenerator
  /** Seconds since the epoch, for `created`. */
  now?: () => number
  /** The provider id, for `system_fingerprint`. Default 'local'. */
  providerId?: string
}

/** The model is its GGUF file (config `file`), or else its name is an installed chat model's. */
export function createLlamaChatProvider(options: LlamaChatProviderOptions): ChatProvider {
  const { engine, ids } = options
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))

  const modelFile = (ctx: CallContext) => localModelFile(ctx.model, 'chat', options.models)

  const shapeFor = (req: ChatCompletionRequest, ctx: CallContext): ReplyShape => ({
    id: `chatcmpl-${ids.token(12)}`,
    created: now(),
    modelName: ctx.model.name,
    fingerprint: fingerprint(options.providerId ?? 'local', ctx.model.file ?? ctx.model.name),
    requestedTier: req.service_tier,
    callId: () => `call_${ids.token(12)}`,
  })

  return {
    supportsN: true,

    async complete(req, ctx) {
      const request = toLlamaChatRequest(req, await modelFile(ctx))
      const result = await engine.chat(request, llamaCallOptions(ctx))
      return toCompletion(result, shapeFor(req, ctx))
    },

    async stream(req, ctx): Promise<ChatStream> {
      const request = toLlamaChatRequest(req, await modelFile(ctx))
      const maker = new ChunkMaker(shapeFor(req, ctx), request.topLogprobs !== null)
      const queue = new ChunkQueue()
      let usage: Usage | null = null
      // The client left: stop handing out chunks at once (the engine frees the slot on its side).
      ctx.signal.addEventListener('abort', () => queue.fail(ctx.signal.reason ?? new DOMException('This operation was aborted', 'AbortError')), { once: true })
      engine.chat(request, { ...llamaCallOptions(ctx), onEvent: (event: LlamaChatEvent) => queue.push(maker.chunks(event)) }).then(
        (result) => {
          usage = usageOf(result)
          queue.end()
        },
        (err: unknown) => queue.fail(err),
      )
      // Like an upstream's first byte: a model that cannot load fails here, where a fallback can still take over.
      await queue.started
      const iterator = queue.iterate()
      return { [Symbol.asyncIterator]: () => iterator, reportedUsage: () => usage }
    },
  }
}

/** Chunks from engine events to the relay, in order; the engine never waits for a slow client. */
class ChunkQueue {
  private readonly items: ChatCompletionChunk[] = []
  private done = false
  private error: unknown = null
  private wake: (() => void) | null = null
  private markStarted!: () => void
  private failStart!: (e: unknown) => void
  readonly started = new Promise<void>((resolve, reject) => {
    this.markStarted = resolve
    this.failStart = reject
  })

  push(chunks: ChatCompletionChunk[]): void {
    this.items.push(...chunks)
    this.markStarted()
    this.notify()
  }

  end(): void {
    this.done = true
    this.markStarted()
    this.notify()
  }

  /** The stream broke (cancelled, or the engine failed): what was not yet taken is dropped with it. */
  fail(err: unknown): void {
    this.items.length = 0
    this.error = err
    this.done = true
    this.failStart(err)
    this.notify()
  }

  async *iterate(): AsyncGenerator<ChatCompletionChunk> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift()!
        continue
      }
      if (this.error) throw this.error
      if (this.done) return
      await new Promise<void>((resolve) => (this.wake = resolve))
    }
  }

  private notify(): void {
    const wake = this.wake
    this.wake = null
    wake?.()
  }
}
