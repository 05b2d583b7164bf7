// @vitest-environment jsdom
import '../../test/dom-test-setup'
import { fireEvent, render, screen } from '@testing-library/react'
import type uPlot from 'uplot'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { UsageChart } from './UsageChart'

/** The real uPlot, with each chart kept so a test can read the scales it settled on. */
const plots = vi.hoisted(() => [] as uPlot[])
vi.mock('uplot', async (importOriginal) => {
  const Real = ((await importOriginal()) as { default: typeof uPlot }).default
  class Recorded extends Real {
    constructor(...args: ConstructorParameters<typeof uPlot>) {
      super(...args)
      plots.push(this)
    }
  }
  return { default: Recorded }
})

beforeAll(() => {
  // jsdom has no canvas: a 2D context that accepts every call and measures text as empty is enough for uPlot.
  // Text measures 7 px a character, about what 12 px system-ui draws.
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (t, key) => (key === 'measureText' ? (s: string) => ({ width: 7 * s.length }) : key in t ? t[key] : () => {}),
    set: (t, key, v) => ((t[key] = v), true),
  })
  HTMLCanvasElement.prototype.getContext = (() => ctx) as unknown as HTMLCanvasElement['getContext']
  globalThis.Path2D ??= class { moveTo() {} lineTo() {} rect() {} arc() {} bezierCurveTo() {} closePath() {} addPath() {} } as unknown as typeof Path2D
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver
})

const HOUR = 3600
const format = (v: number) => `${v} req`
const ms = (v: number) => `${v.toLocaleString('en-US')} ms`

function legendValues() {
  return [...document.querySelectorAll('.u-legend .u-value')].map((cell) => cell.textContent)
}

describe('UsageChart (issue 22)', () => {
  it('shows the latest bucket in the legend while the pointer is away, also after the pointer has left the chart', async () => {
    render(<UsageChart title="Requests" description="Requests per hour" format={format} data={{ xs: [0, HOUR, 2 * HOUR], series: [{ label: 'gpt-echo', values: [1, 4, 7] }] }} />)
    expect(screen.getByRole('img', { name: 'Requests per hour' })).toBeInTheDocument()
    await vi.waitFor(() => expect(legendValues()[1]).toBe('7 req'))
    const over = document.querySelector('.u-over')!
    fireEvent.mouseEnter(over)
    fireEvent.mouseMove(over, { clientX: 5, clientY: 5 })
    fireEvent.mouseLeave(over)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(legendValues()).not.toContain('--')
    expect(legendValues()[1]).toBe('7 req')
  })

  it('draws one bucket as a point inside a time range, not on a zero-width axis (uPlot drew a triangle)', async () => {
    plots.length = 0
    render(<UsageChart title="Tokens" description="Tokens per hour" format={format} data={{ xs: [5 * HOUR], series: [{ label: 'gpt-echo', values: [12] }] }} />)
    const x = await vi.waitFor(() => {
      const scale = plots.at(-1)?.scales['x']
      expect(scale?.min).not.toBeUndefined()
      return scale!
    })
    // Centred in its hour, where uPlot alone put it on the left edge of a day.
    expect(x.min).toBe(5 * HOUR - 1800)
    expect(x.max).toBe(5 * HOUR + 1800)
  })

  it('gives the y axis room for its widest label, so "500 ms" or "1,000 ms" is not clipped', async () => {
    plots.length = 0
    render(<UsageChart title="Latency" description="Mean latency per hour" format={ms} data={{ xs: [0, HOUR, 2 * HOUR], series: [{ label: 'gpt-echo', values: [120, 480, 1530] }] }} />)
    const y = await vi.waitFor(() => {
      const axis = plots.at(-1)?.axes[1] as (uPlot.Axis & { _size?: number; _values?: string[] }) | undefined
      expect(axis?._values?.length).toBeGreaterThan(0)
      return axis!
    })
    const widest = Math.max(...y._values!.map((v) => 7 * v.length))
    expect(y._values).toContain('1,000 ms')
    // uPlot draws the labels right of a 10 px tick and a 5 px gap, inside the axis' size.
    expect(y._size).toBeGreaterThanOrEqual(widest + 15)
  })

  it('redraws in the colours of a theme switched while it is shown', async () => {
    plots.length = 0
    render(<UsageChart title="Requests" description="Requests per hour" format={format} data={{ xs: [0, HOUR], series: [{ label: 'gpt-echo', values: [1, 2] }] }} />)
    await vi.waitFor(() => expect(plots).toHaveLength(1))
    document.documentElement.dataset.theme = 'dark'
    await vi.waitFor(() => expect(plots).toHaveLength(2))
    delete document.documentElement.dataset.theme
  })
})
