import Anthropic from '@anthropic-ai/sdk'
import type { FastifyBaseLogger } from 'fastify'
import OpenAI from 'openai'
import { startFakeAnthropic } from './fake-anthropic'
import { startFakeOpenAi } from './fake-openai'
import type { Env } from '../../src/gateway/kernel/runtime'
import { baseConfigData, startTestGateway, TEAM_KEY, type TestGateway } from './harness'

/**
 * A real gateway listening on loopback, in front of a fake OpenAI-compatible upstream and a fake
 * Anthropic upstream, with the official SDKs pointed at it.
 */
export async function startChatHarness(overrides: Record<string, unknown> = {}, openAiProviderExtra: Record<string, unknown> = {}, logger?: FastifyBaseLogger, more: { anthropicProvider?: Record<string, unknown>; env?: Env } = {}) {
  const openai = await startFakeOpenAi()
  const anthropic = await startFakeAnthropic()
  const data = baseConfigData(overrides)
  data.providers = [
    { id: 'up-openai', type: 'openai', base_url: `${openai.url}/v1`, api_key: 'sk-upstream-secret-openai', ...openAiProviderExtra },
    { id: 'up-anthropic', type: 'anthropic', base_url: anthropic.url, api_key: 'sk-ant-upstream-secret', ...more.anthropicProvider },
    { id: 'local', type: 'local' },
  ]
  const gw: TestGateway = await startTestGateway({ configData: data, logger, env: more.env })
  const url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: TEAM_KEY, maxRetries: 0 })
  const anthropicClient = new Anthropic({ baseURL: url, apiKey: TEAM_KEY, maxRetries: 0 })
  return {
    gw,
    url,
    openai,
    anthropic,
    client,
    anthropicClient,
    model: (name: string) => gw.store.models.getByName(name)!,
    usageRows: () => gw.store.usage.list({ limit: 100 }),
    async close() {
      await gw.close()
      await openai.close()
      await anthropic.close()
    },
  }
}

export type ChatHarness = Awaited<ReturnType<typeof startChatHarness>>
