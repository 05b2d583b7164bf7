import { describe, expect, it } from 'vitest'
import type { UsageStats } from '../../../../shared/usage-wire'
import { describeSeries, toSeries } from './usage-series'

const stats: UsageStats = {
  totals: { requests: 3, errors: 1, prompt_tokens: 0, completion_tokens: 0, audio_seconds: 0, characters: 0, credits: 0, avg_latency_ms: 0 },
  bucket: 'hour',
  group_by: 'model',
  groups: [{ key: 'a', label: 'gpt-echo' }, { key: 'b', label: 'claude-echo' }],
  points: [
    { t: 3600, group: 'a', requests: 2, errors: 0, tokens: 30, credits: 1, latency_ms: 200 },
    { t: 7200, group: 'b', requests: 1, errors: 1, tokens: 0, credits: 0, latency_ms: 50 },
  ],
}

describe('toSeries', () => {
  it('aligns every group on every bucket, counting 0 where a group had no requests', () => {
    expect(toSeries(stats, 'requests')).toEqual({ xs: [3600, 7200], step: 3600, series: [{ label: 'gpt-echo', values: [2, 0] }, { label: 'claude-echo', values: [0, 1] }] })
  })
  it('fills the buckets between, and leaves a lone bucket alone (zeros either side drew a triangle)', () => {
    const gap = { ...stats, points: [stats.points[0]!, { ...stats.points[1]!, t: 3600 * 4 }] }
    expect(toSeries(gap, 'requests').xs).toEqual([3600, 7200, 10800, 14400])
    const lone = { ...stats, points: [stats.points[0]!] }
    expect(toSeries(lone, 'requests')).toMatchObject({ xs: [3600], step: 3600, series: [{ values: [2] }, { values: [0] }] })
  })
  it('leaves latency empty where there were no requests', () => {
    expect(toSeries(stats, 'latency_ms').series[0]!.values).toEqual([200, null])
  })
  it('describes a chart in words', () => {
    expect(describeSeries('Requests', 'hour', toSeries(stats, 'requests'))).toBe('Requests per hour, highest by group: gpt-echo 2, claude-echo 1.')
    expect(describeSeries('Requests', 'hour', { xs: [], series: [] })).toBe('Requests: no requests in this range.')
  })
})
