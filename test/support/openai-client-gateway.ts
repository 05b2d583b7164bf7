import OpenAI from 'openai'
import type { FakeServer } from './fake-upstream'
import { TEAM_KEY, type TestGateway } from './harness'

/** A test gateway listening on loopback with its fake upstream, and the official client on team alpha's key. */
export async function withOpenAiClient(gw: TestGateway, upstream: FakeServer) {
  const url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: TEAM_KEY, maxRetries: 0, timeout: 120_000 })
  return {
    gw,
    url,
    upstream,
    client,
    async close() {
      await gw.close()
      await upstream.close()
    },
  }
}
