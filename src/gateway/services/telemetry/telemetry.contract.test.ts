import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from '../../../../test/support/fake-openai'
import type { FakeServer } from '../../../../test/support/fake-upstream'
import { admin, baseConfigData, bearer, settledUsageRow, startTestGateway, TEAM_KEY, type TestGateway } from '../../../../test/support/harness'
import { startOtlpReceiver } from '../../../../test/support/otlp-receiver'
import { parsePrometheusText, sampleValue } from '../../../../test/support/prometheus-text'

/**
 * `GET /metrics` and OpenTelemetry traces (issue 27): the exposition parses strictly and counts the
 * requests made, their errors, tokens, credits and cache hits by team and model; one span per model
 * request reaches an OTLP/HTTP receiver with the GenAI attributes and never the prompt's text.
 */
const METRICS_TOKEN = 'metrics-scraper-token-0123456789'
const PROMPT = 'the secret plans of the harbour'
let gw: TestGateway
let upstream: FakeServer
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>
let client: OpenAI
let closed = false

beforeAll(async () => {
  ;[upstream, receiver] = await Promise.all([startFakeOpenAi(), startOtlpReceiver()])
  const data = baseConfigData({ telemetry: { otlp_endpoint: receiver.url, metrics_token: METRICS_TOKEN, service_name: 'gatehouse-test' } })
  ;(data.providers as Array<Record<string, unknown>>)[0]!.base_url = `${upstream.url}/v1`
  gw = await startTestGateway({ configData: data })
  client = new OpenAI({ baseURL: `${await gw.app.listen({ host: '127.0.0.1', port: 0 })}/v1`, apiKey: TEAM_KEY, maxRetries: 0 })
})
afterAll(async () => {
  if (!closed) await gw?.close()
  await Promise.all([upstream?.close(), receiver?.close()])
})

const scrape = async (headers: Record<string, string> = bearer(METRICS_TOKEN)) => gw.app.inject({ method: 'GET', url: '/metrics', headers })

describe('metrics and traces', () => {
  it('answers /metrics only to the admin token or the metrics token, naming the fix', async () => {
    expect((await scrape({})).json().error).toMatchObject({ code: 'missing_metrics_token', message: expect.stringContaining('telemetry.metrics_token') })
    expect((await scrape(bearer(TEAM_KEY))).statusCode).toBe(401)
    expect((await scrape(admin)).statusCode).toBe(200)
    const res = await scrape()
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  })

  it('counts the requests made, errors, tokens, credits and cache hits by team and model, in text that parses', async () => {
    const first = await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: PROMPT }] }).withResponse()
    await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'cache me' }], cache: { ttl: 60 } } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming)
    await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'cache me' }], cache: { ttl: 60 } } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming)
    upstream.failNext(500)
    const failed = await fetch(`${client.baseURL}/chat/completions?fallbacks=false`, {
      method: 'POST',
      headers: { ...bearer(TEAM_KEY), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-echo', messages: [{ role: 'user', content: 'fail' }] }),
    })
    expect(failed.status).toBe(502)
    await settledUsageRow(gw.store, first.response.headers.get('x-request-id'))
    await settledUsageRow(gw.store, failed.headers.get('x-request-id'))

    const m = parsePrometheusText((await scrape()).body)
    const labels = { endpoint: 'chat.completions', team: 'alpha', model: 'gpt-echo' }
    expect(sampleValue(m, 'gatehouse_requests_total', { ...labels, status: '200' })).toBe(3)
    expect(sampleValue(m, 'gatehouse_requests_total', { ...labels, status: '502' })).toBe(1)
    expect(sampleValue(m, 'gatehouse_request_errors_total', { ...labels, status: '502' })).toBe(1)
    expect(sampleValue(m, 'gatehouse_request_duration_seconds_count', { endpoint: 'chat.completions', model: 'gpt-echo' })).toBe(4)
    expect(sampleValue(m, 'gatehouse_cache_hits_total', { endpoint: 'chat.completions', team: 'alpha' })).toBe(1)
    const rows = gw.store.usage.list({ limit: 10 })
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0)
    expect(sampleValue(m, 'gatehouse_tokens_total', { team: 'alpha', model: 'gpt-echo', direction: 'input' })).toBe(sum((r) => r.promptTokens))
    expect(sampleValue(m, 'gatehouse_tokens_total', { team: 'alpha', model: 'gpt-echo', direction: 'output' })).toBe(sum((r) => r.completionTokens))
    expect(sampleValue(m, 'gatehouse_credits_total', { team: 'alpha', model: 'gpt-echo' })).toBeCloseTo(sum((r) => r.creditsMicro) / 1e6, 9)
    expect(sum((r) => r.creditsMicro)).toBeGreaterThan(0)
    expect(sampleValue(m, 'gatehouse_http_requests_total', { method: 'POST', route: '/v1/chat/completions', status: '200' })).toBeGreaterThanOrEqual(3)
    expect(m.get('gatehouse_engine_queue_depth')?.type).toBe('gauge')
    expect(m.get('gatehouse_rate_limited_total')?.type).toBe('counter')
  })

  it('sends one span per model request to the OTLP receiver, with the GenAI attributes and no prompt text, flushed on close', async () => {
    const team = gw.store.teams.getByName('alpha')!
    await gw.close()
    closed = true
    const spans = receiver.spans.filter((s) => s.attributes['gen_ai.request.model'] === 'gpt-echo')
    // Three model requests reached the pipeline (the cache hit did not): two answered, one failed.
    expect(spans).toHaveLength(3)
    const ok = spans.find((s) => s.attributes['http.response.status_code'] === 200)!
    expect(ok).toMatchObject({
      name: 'chat gpt-echo',
      kind: 3,
      resource: { 'service.name': 'gatehouse-test' },
      attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.response.model': 'gpt-4o-mini', 'svc.team.id': team.id },
    })
    expect(ok.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0)
    expect(ok.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0)
    expect(spans.find((s) => s.attributes['http.response.status_code'] === 502)).toMatchObject({ status: { code: 2 }, attributes: { 'error.type': '502' } })
    for (const body of receiver.bodies) expect(body).not.toContain('harbour')
  })
})

describe('telemetry.metrics: false', () => {
  it('counts nothing and answers GET /metrics with 404, even to the admin token', async () => {
    const off = await startTestGateway({ configData: baseConfigData({ telemetry: { metrics: false } }) })
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics', headers: admin })).statusCode).toBe(404)
    } finally {
      await off.close()
    }
  })
})
