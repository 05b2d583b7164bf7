import { describe, expect, it } from 'vitest'
import { parsePrometheusText, sampleValue } from '../../../../test/support/prometheus-text'
import { createGatewayMetrics } from './gateway-metrics'

describe('the gateway metrics', () => {
  it('counts rate-limited requests for the limiter, reads engine queues when scraped, and keeps each gateway apart', async () => {
    let queued = 3
    const one = createGatewayMetrics({ engineLoad: () => [{ kind: 'whisper', queued, running: 1 }], teamName: (id) => (id === 't1' ? 'alpha' : 'none') })
    const other = createGatewayMetrics({ teamName: () => 'none' })
    one.rateLimited('t1', 'key.rpm')
    one.rateLimited('t1', 'key.rpm')
    let m = parsePrometheusText(await one.text())
    expect(sampleValue(m, 'gatehouse_rate_limited_total', { team: 'alpha', limit: 'key.rpm' })).toBe(2)
    expect(sampleValue(m, 'gatehouse_engine_queue_depth', { engine: 'whisper' })).toBe(3)
    queued = 0
    m = parsePrometheusText(await one.text())
    expect(sampleValue(m, 'gatehouse_engine_queue_depth', { engine: 'whisper' })).toBe(0)
    expect(sampleValue(parsePrometheusText(await other.text()), 'gatehouse_rate_limited_total', { team: 'alpha' })).toBe(0)
  })
})
