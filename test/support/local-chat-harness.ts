/**
 * A gateway whose `local` provider serves the stories260K GGUF as a chat model and as an embedding
 * model, with the offline speech engine and the weightless whisper test model, and an OpenAI-compatible
 * fake upstream beside it; reached over real HTTP with the official `openai` client.
 */
import { TEST_WHISPER_MODEL } from '../../src/gateway/engines/engine-test-support'
import { startFakeOpenAi } from './fake-openai'
import { baseConfigData, settledUsageRow, startTestGateway, TEAM_KEY } from './harness'
import { withOpenAiClient } from './openai-client-gateway'
import { TEST_LLAMA_MODEL } from './llama-models'

export interface LocalChatHarnessOptions {
  /** engines.* fields of the config (llama_concurrency, ...). */
  engines?: Record<string, unknown>
  /** Extra models, and fields over the alpha team. */
  models?: Array<Record<string, unknown>>
  team?: Record<string, unknown>
  audio?: Record<string, unknown>
  /** mcp_servers of the config. */
  mcp?: Array<Record<string, unknown>>
}

export async function startLocalChatHarness(opts: LocalChatHarnessOptions = {}) {
  const upstream = await startFakeOpenAi()
  const gw = await startTestGateway({
    configData: baseConfigData({
      providers: [
        { id: 'local', type: 'local' },
        { id: 'up', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-openai' },
        { id: 'down', type: 'openai', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-upstream-secret-down' },
      ],
      models: [
        { name: 'stories', provider: 'local', engine: 'llama', file: TEST_LLAMA_MODEL, pricing: { input: 1000, output: 2000 } },
        { name: 'stories-embed', provider: 'local', engine: 'llama', kind: 'embedding', file: TEST_LLAMA_MODEL, pricing: { input: 500 } },
        { name: 'voice', provider: 'local', engine: 'tts', pricing: { per_million_characters: 15_000 } },
        { name: 'whisper-test', provider: 'local', engine: 'whisper', file: TEST_WHISPER_MODEL, pricing: { per_second: 0.1 } },
        { name: 'gpt-echo', provider: 'up', upstream: 'gpt-4o-mini' },
        ...(opts.models ?? []),
      ],
      teams: [{ name: 'alpha', keys: [TEAM_KEY], ...opts.team }],
      users: [],
      engines: { llama_context_size: 2048, ...opts.engines },
      ...(opts.audio ? { audio: opts.audio } : {}),
      ...(opts.mcp ? { mcp_servers: opts.mcp } : {}),
    }),
  })
  return {
    ...(await withOpenAiClient(gw, upstream)),
    /**
     * The usage row of the request whose `x-request-id` this is, once settled: a stream's client can
     * read its last event before the ledger's group commit has written the row.
     */
    rowOf: (requestId: string | null) => settledUsageRow(gw.store, requestId),
  }
}

export type LocalChatHarness = Awaited<ReturnType<typeof startLocalChatHarness>>
