import { useEffect, useRef, useSyncExternalStore } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { ChartSeries } from './usage-series'

/** Colours that read on the light and the dark theme alike. */
const PALETTE = ['#4c6ef5', '#e8590c', '#2f9e44', '#c2255c', '#1098ad', '#9c36b5', '#f08c00', '#5c7cfa']
const AXIS_FONT = '12px system-ui, sans-serif'

/** Room for the y axis: its widest label as drawn, plus uPlot's tick (10) and gap (5), so "500 ms" is not clipped. */
function yAxisSize(u: uPlot, values: string[] | null): number {
  if (!values?.length) return 56
  const drawn = u.ctx.font
  u.ctx.font = AXIS_FONT
  const widest = Math.max(...values.map((v) => u.ctx.measureText(v).width))
  u.ctx.font = drawn
  return Math.ceil(widest) + 10 + 5 + 6
}

/** The theme on <html data-theme>: the chart's colours are read from it, so a switch redraws the chart. */
function useDocumentTheme(): string {
  return useSyncExternalStore(
    (changed) => {
      const observer = new MutationObserver(changed)
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
      return () => observer.disconnect()
    },
    () => document.documentElement.dataset.theme ?? '',
  )
}

/**
 * One metric over time, a line per group (uPlot on a canvas). The canvas is described in words for
 * screen readers; the legend under it is uPlot's own table of the hovered values, or of the latest bucket.
 */
export function UsageChart({ title, description, data, format }: { title: string; description: string; data: ChartSeries; format: (v: number) => string }) {
  const box = useRef<HTMLDivElement>(null)
  const theme = useDocumentTheme()
  useEffect(() => {
    const el = box.current
    if (!el || !data.xs.length) return
    const style = getComputedStyle(el)
    const text = style.getPropertyValue('--text-2').trim() || '#586172'
    const grid = style.getPropertyValue('--border').trim() || '#e0e4ea'
    const axis = { font: AXIS_FONT, stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
    const opts: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height: 180,
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      scales: {
        // One bucket is a point in the middle of its span (uPlot alone puts it on the left edge of a day).
        x: { time: true, range: (_u, min, max) => (data.xs.length === 1 ? [data.xs[0]! - (data.step ?? 3600) / 2, data.xs[0]! + (data.step ?? 3600) / 2] : [min, max]) },
        // Counts and costs start at zero, so a small change does not look like a large one.
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1] },
      },
      axes: [axis, { ...axis, size: yAxisSize, values: (_u, ticks) => ticks.map((t) => format(t)) }],
      // When the pointer leaves, uPlot empties the legend ("Time: --"): show the latest bucket instead.
      hooks: { setLegend: [(u) => void (u.legend.idx == null && u.setLegend({ idx: data.xs.length - 1 }, false))] },
      series: [{ label: 'Time' }, ...data.series.map((s, i) => ({ label: s.label, stroke: PALETTE[i % PALETTE.length], width: 2, points: { show: data.xs.length < 40 }, value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)) }))],
    }
    const plot = new uPlot(opts, [data.xs, ...data.series.map((s) => s.values)] as uPlot.AlignedData, el)
    plot.setLegend({ idx: data.xs.length - 1 })
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 180 }))
    observer.observe(el)
    return () => {
      observer.disconnect()
      plot.destroy()
    }
  }, [data, format, theme])
  return (
    <figure className="studio-card chart" aria-label={title}>
      <figcaption className="section-title">{title}</figcaption>
      {data.xs.length ? <div ref={box} role="img" aria-label={description} /> : <p className="small muted">No requests in this range.</p>}
    </figure>
  )
}
