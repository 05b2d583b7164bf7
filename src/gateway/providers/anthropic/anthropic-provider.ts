import type { ProviderModule } from '../registry'
import type { UpstreamConnections } from '../upstream/upstream-connection'
import { anthropicChatProvider } from './anthropic-chat-provider'
import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_VERSION, anthropicAuth } from './anthropic-endpoint'
import { anthropicMessagesPassthrough, anthropicTokenCounter } from './anthropic-messages-passthrough'

/** The Anthropic Messages API: chat through the pivot format, `/v1/messages` and its count_tokens as byte-faithful passthroughs. */
export function anthropicProviderModule(connections: UpstreamConnections): ProviderModule {
  return {
    type: 'anthropic',
    modalities: ['chat', 'messages', 'tokenCount'],
    create(config) {
      const connect = () => connections.get(config, ANTHROPIC_DEFAULT_BASE_URL)
      return { chat: anthropicChatProvider(config.id, connect), messages: anthropicMessagesPassthrough(connect), tokenCount: anthropicTokenCounter(connect) }
    },
    modelsEndpoint: ({ baseUrl, apiKey }) => {
      const base = (baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '')
      return { url: `${base}${/\/v1$/.test(base) ? '' : '/v1'}/models?limit=1000`, headers: { 'anthropic-version': ANTHROPIC_VERSION, ...anthropicAuth({ apiKey }) } }
    },
  }
}
