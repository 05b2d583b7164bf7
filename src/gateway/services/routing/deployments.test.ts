import { describe, expect, it } from 'vitest'
import { manualClock } from '../../../../test/support/harness'
import type { ModelRow } from '../../store/repos/models-repo'
import type { ProviderRow } from '../../store/repos/providers-repo'
import { createBalancer, retryAfterMs } from './deployments'
import type { Target } from './resolve-model'

const provider = (id: string) => ({ id, type: 'openai' }) as ProviderRow
const target = (options: Record<string, unknown>): Target => ({ model: { id: 'm1', name: 'm', providerId: 'a', upstream: 'u', options } as unknown as ModelRow, provider: provider('a') })
const picks = (b: ReturnType<typeof createBalancer>, t: Target, n: number) => Array.from({ length: n }, () => b.expand(t, provider)[0]!.deployment!.provider)

describe('the balancer', () => {
  it('splits 3:1 weights exactly three of every four picks, interleaved', () => {
    const t = target({ deployments: [{ provider: 'a', upstream: 'x', weight: 3 }, { provider: 'b', upstream: 'y', weight: 1 }] })
    expect(picks(createBalancer(manualClock()), t, 8)).toEqual(['a', 'a', 'b', 'a', 'a', 'a', 'b', 'a'])
  })

  it('least_in_flight picks the deployment with fewest requests running, ties by weight order', () => {
    const b = createBalancer(manualClock())
    const t = target({ routing: 'least_in_flight', deployments: [{ provider: 'a', upstream: 'x', weight: 1 }, { provider: 'b', upstream: 'y', weight: 1 }] })
    const first = b.expand(t, provider)[0]!
    const endFirst = b.start(first)
    const second = b.expand(t, provider)[0]!
    expect(second.deployment).not.toEqual(first.deployment)
    b.start(second)
    endFirst()
    endFirst()
    expect(b.expand(t, provider)[0]!.deployment).toEqual(first.deployment)
  })

  it('leaves out deployments whose provider is gone, and reads retry-after as seconds or an HTTP date', () => {
    const t = target({ deployments: [{ provider: 'a', upstream: 'x', weight: 1 }, { provider: 'gone', upstream: 'y', weight: 1 }] })
    expect(createBalancer(manualClock()).expand(t, (id) => (id === 'gone' ? undefined : provider(id))).map((d) => d.deployment!.provider)).toEqual(['a'])
    const now = Date.UTC(2026, 0, 1)
    expect(retryAfterMs('7', now)).toBe(7000)
    expect(retryAfterMs(new Date(now + 12_000).toUTCString(), now)).toBe(12_000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
  })
})
