import { GatewayError } from '../../shared/errors'
import type { Env } from '../kernel/runtime'
import type { SecretCipher } from '../security/secret-cipher'
import type { ProviderRow } from '../store/repos/providers-repo'
import { anthropicChatProvider } from './anthropic/anthropic-chat-provider'
import { openAiChatProvider } from './openai/openai-chat-provider'
import type { ChatProvider } from './types-chat'
import { createUpstreamConnections } from './upstream/upstream-connection'

/** Provider rows -> provider objects, one per row version; local engines plug in here too. */
export function createProviderRegistry(opts: { env: Env; cipher: SecretCipher; localChat?: (provider: ProviderRow) => ChatProvider }) {
  const connections = createUpstreamConnections(opts.env, opts.cipher)
  const chat = new Map<string, { version: number; provider: ChatProvider }>()
  return {
    chat(provider: ProviderRow): ChatProvider {
      const cached = chat.get(provider.id)
      if (cached && cached.version === provider.updatedAt) return cached.provider
      let made: ChatProvider
      if (provider.type === 'openai') made = openAiChatProvider(provider, connections)
      else if (provider.type === 'anthropic') made = anthropicChatProvider(provider, connections)
      else if (opts.localChat) made = opts.localChat(provider)
      else {
        throw new GatewayError({ status: 400, type: 'invalid_request_error', code: 'model_not_chat', param: 'model', message: `Local chat models (engine: llama) are not supported yet; pick a chat model on an openai or anthropic provider.` })
      }
      chat.set(provider.id, { version: provider.updatedAt, provider: made })
      return made
    },
    connections,
    close: () => connections.closeAll(),
  }
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>
