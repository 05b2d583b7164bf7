import { createRequire } from 'node:module'
import type * as PromClient from 'prom-client'
import { describe, expect, it } from 'vitest'
import { fastCounter, fastHistogram } from './metric-series'

const requireHere = createRequire(import.meta.url)
const { Registry, Counter, Histogram } = requireHere('prom-client') as typeof PromClient

describe('metric series', () => {
  it("expose exactly the text prom-client's own Counter and Histogram expose for the same samples", async () => {
    const theirs = new Registry()
    const ours = new Registry()
    const labelNames = ['endpoint', 'team', 'model', 'status']
    const theirCounter = new Counter({ name: 'x_requests_total', help: 'Requests, "quoted" \\ and\nnew line.', labelNames, registers: [theirs] })
    const ourCounter = fastCounter(ours, { name: 'x_requests_total', help: 'Requests, "quoted" \\ and\nnew line.', labelNames })
    const buckets = [0.1, 1, 10]
    const theirHistogram = new Histogram({ name: 'x_seconds', help: 'Latency.', labelNames: ['endpoint', 'model'], buckets, registers: [theirs] })
    const ourHistogram = fastHistogram(ours, { name: 'x_seconds', help: 'Latency.', labelNames: ['endpoint', 'model'], buckets })
    const samples: Array<[string, string, string, string, number]> = [
      ['chat', 'alpha', 'gpt', '200', 0.05],
      ['chat', 'alpha', 'gpt', '200', 3],
      ['chat', 'beta "b"', 'gpt\\x', '500', 0.1],
      ['messages', 'alpha', 'claude\nnext', '200', 42],
      ['chat', 'alpha', 'other', '200', 1],
      ['chat', 'alpha', 'gpt', '200', 10],
    ]
    for (const [endpoint, team, model, status, seconds] of samples) {
      theirCounter.inc({ endpoint, team, model, status }, 2)
      ourCounter.at(endpoint, team, model, status).value += 2
      theirHistogram.observe({ endpoint, model }, seconds)
      ourHistogram.observe(seconds, endpoint, model)
    }
    const text = await ours.metrics()
    expect(text).toBe(await theirs.metrics())
    expect(text).toContain('x_seconds_bucket{le="10",endpoint="chat",model="gpt"} 3')
    expect(text).toContain('x_requests_total{endpoint="chat",team="alpha",model="gpt",status="200"} 6')
  })
})
