import Anthropic from '@anthropic-ai/sdk'
import { startFakeAnthropic } from './fake-anthropic'
import { startFakeOpenAi } from './fake-openai'
import { baseConfigData, settledUsageRow, startTestGateway, TEAM_KEY } from './harness'

export const SONNET = 'claude-sonnet-4-5-20250929'
export const PRICING = { input: 3000, output: 15000, cached_input: 300, cache_write: 3750 }

/** A gateway whose Anthropic models carry the ids the recorded fixtures use, before a raw-recording fake. */
export async function startMessagesHarness() {
  const anthropic = await startFakeAnthropic()
  const openai = await startFakeOpenAi()
  const fixtureModel = (name: string, extra: object = {}) => ({ name, provider: 'up-anthropic', upstream: name, pricing: PRICING, ...extra })
  const data = baseConfigData({
    providers: [
      { id: 'up-anthropic', type: 'anthropic', base_url: anthropic.url, api_key: 'sk-ant-upstream-secret' },
      { id: 'up-openai', type: 'openai', base_url: `${openai.url}/v1`, api_key: 'sk-upstream-secret-openai' },
    ],
    models: [
      fixtureModel(SONNET, { aliases: ['sonnet-latest', 'sonnet'] }),
      fixtureModel('claude-opus-4-1-20250805'),
      fixtureModel('claude-3-7-sonnet-20250219'),
      fixtureModel('claude-haiku-4-5-20251001', { aliases: ['haiku'] }),
      { name: 'gpt-echo', provider: 'up-openai', upstream: 'gpt-4o-mini' },
    ],
    teams: [{ name: 'alpha', fallbacks: { [SONNET]: ['gpt-echo', 'claude-haiku-4-5-20251001'] }, keys: [TEAM_KEY] }],
    users: [],
  })
  const gw = await startTestGateway({ configData: data })
  const url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  const sent: Buffer[] = []
  const sentHeaders: Headers[] = []
  /** The official SDK, with a fetch that keeps the exact bytes it sends. */
  const client = new Anthropic({
    baseURL: url,
    apiKey: TEAM_KEY,
    maxRetries: 0,
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      if (typeof init?.body === 'string') sent.push(Buffer.from(init.body))
      sentHeaders.push(new Headers(init?.headers))
      return fetch(input, init)
    },
  })
  const post = (body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${url}/v1/messages`, { method: 'POST', headers: { 'x-api-key': TEAM_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...headers }, body })
  return {
    gw,
    url,
    anthropic,
    openai,
    client,
    sent,
    sentHeaders,
    post,
    usageRows: () => gw.store.usage.list({ limit: 50 }),
    /** The settled usage row of the request with this `x-request-id` (rows are group-committed). */
    rowOf: (requestId: string | null) => settledUsageRow(gw.store, requestId),
    async close() {
      await gw.close()
      await anthropic.close()
      await openai.close()
    },
  }
}

export type MessagesHarness = Awaited<ReturnType<typeof startMessagesHarness>>
