/**
 * A real llama engine (worker processes, node-llama-cpp) on the stories260K test model and the local
 * chat provider over it, for provider and engine tests. Requests go through the shared request parser,
 * as the gateway's route does, so they are the normalized requests a provider really receives.
 */
import type { ChatCompletion, ChatCompletionChunk } from '../../src/shared/chat/types'
import { parseChatCompletionRequest } from '../../src/shared/chat/parse-request'
import { type LlamaEngineOptions, createLlamaEngine } from '../../src/gateway/engines/llama/llama-engine'
import { randomIds } from '../../src/gateway/kernel/system-runtime'
import { createLlamaChatProvider } from '../../src/gateway/providers/local/llama-chat-provider'
import type { ChatStream } from '../../src/gateway/providers/contracts/chat'
import type { CallContext } from '../../src/gateway/providers/contracts/provider-config'
import { TEST_LLAMA_MODEL } from './llama-models'

export type LlamaHarness = ReturnType<typeof startLlamaHarness>

export function startLlamaHarness(options: LlamaEngineOptions = {}) {
  const { host, engine } = createLlamaEngine({ contextSize: 2048, ...options })
  const provider = createLlamaChatProvider({ engine, ids: randomIds })
  /** `file` overrides the model's GGUF file (a corrupt copy, say). */
  type CtxOverrides = Partial<Pick<CallContext, 'signal' | 'requestId'>> & { file?: string }
  const ctx = ({ file, ...overrides }: CtxOverrides = {}): CallContext => ({
    signal: new AbortController().signal,
    requestId: `req_${randomIds.token(6)}`,
    model: { id: 'stories', name: 'stories', upstream: 'stories', file: file ?? TEST_LLAMA_MODEL },
    ...overrides,
  })
  const request = (body: Record<string, unknown>) => parseChatCompletionRequest({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], ...body })
  return {
    host,
    engine,
    provider,
    ctx,
    request,
    complete: (body: Record<string, unknown>, c: CtxOverrides = {}): Promise<ChatCompletion> => provider.complete(request(body), ctx(c)),
    stream: (body: Record<string, unknown>, c: CtxOverrides = {}): Promise<ChatStream> => provider.stream(request({ ...body, stream: true }), ctx(c)),
    close: () => host.close(),
  }
}

export async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

/** The content of one choice, put together from its deltas. */
export const streamedText = (chunks: ChatCompletionChunk[], index = 0) =>
  chunks.flatMap((c) => c.choices.filter((ch) => ch.index === index).map((ch) => ch.delta.content ?? '')).join('')
