import type { ProviderModule } from '../registry'
import type { UpstreamConnections } from '../upstream/upstream-connection'
import { openAiSpeechProvider, openAiTranscriptionProvider } from './openai-audio-provider'
import { openAiChatProvider } from './openai-chat-provider'
import { openAiCompletionsPassthrough } from './openai-completions-passthrough'
import { openAiEmbeddingsProvider } from './openai-embeddings-provider'
import { openAiResponsesPassthrough } from './openai-responses-passthrough'
import { OPENAI_DEFAULT_BASE_URL, openAiAuth } from './openai-endpoint'

/** Any OpenAI-compatible API: chat completions, embeddings and audio go out nearly as they came. */
export function openAiProviderModule(connections: UpstreamConnections): ProviderModule {
  return {
    type: 'openai',
    modalities: ['chat', 'embeddings', 'speech', 'transcription', 'completions', 'responses'],
    // Most OpenAI-compatible servers have no Responses API: /v1/responses goes through the chat pivot unless the provider says it has one.
    optIn: { responses: (options) => options.responses === 'native' },
    create(config) {
      const connect = () => connections.get(config, OPENAI_DEFAULT_BASE_URL)
      return { chat: openAiChatProvider(config.id, connect), embeddings: openAiEmbeddingsProvider(config.id, connect), speech: openAiSpeechProvider(connect), transcription: openAiTranscriptionProvider(connect), completions: openAiCompletionsPassthrough(connect), responses: openAiResponsesPassthrough(connect) }
    },
    modelsEndpoint: ({ baseUrl, apiKey }) => ({
      url: `${(baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '')}/models`,
      headers: openAiAuth({ apiKey }),
    }),
  }
}
