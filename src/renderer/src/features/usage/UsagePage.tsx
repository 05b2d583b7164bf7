import { useEffect, useMemo } from 'react'
import { messageOf } from '../../api/api-error'
import { Button } from '../../components/Button'
import { PageHeader } from '../../components/PageHeader'
import { formatCredits, formatMs } from '../../lib/format'
import { useAppStore } from '../../stores/app-store'
import { downloadFile } from '../../lib/download'
import { BalanceCard } from './BalanceCard'
import { BudgetsCard } from './BudgetsCard'
import { UsageChart } from './UsageChart'
import { UsageFilters } from './UsageFilters'
import { UsageLog } from './UsageLog'
import { describeSeries, METRICS, toSeries, type UsageMetric } from './usage-series'

const FORMATS: Record<UsageMetric, (v: number) => string> = {
  requests: (v) => String(Math.round(v * 100) / 100),
  tokens: (v) => (v >= 10_000 ? `${Math.round(v / 1000)}k` : String(Math.round(v))),
  credits: (v) => formatCredits(v),
  latency_ms: (v) => formatMs(v),
}

/** What was spent, by whom, on which model, over time: totals, charts, the filtered request log, CSV, the balance. */
export default function UsagePage() {
  const usage = useAppStore((s) => s.usage)
  const load = useAppStore((s) => s.loadUsage)
  const setView = useAppStore((s) => s.setUsageView)
  const loadKeys = useAppStore((s) => s.loadKeys)
  const exportUsage = useAppStore((s) => s.exportUsage)
  const notify = useAppStore((s) => s.notify)
  useEffect(() => {
    void load()
    void loadKeys()
  }, [load, loadKeys])
  const { stats } = usage
  const charts = useMemo(() => (stats ? METRICS.map((m) => ({ ...m, data: toSeries(stats, m.id) })) : []), [stats])
  const t = stats?.totals

  return (
    <div className="page-inner">
      <PageHeader
        title="Usage"
        description="What was spent, by whom and on which model."
        actions={<Button icon="download" onClick={() => exportUsage().then((b) => downloadFile(`gatehouse-usage-${new Date().toISOString().slice(0, 10)}.csv`, b), (e: unknown) => notify(messageOf(e), 'error'))}>Export CSV</Button>}
      />
      <div className="cards">
        <BalanceCard />
        <section className="card" aria-label="Totals">
          <h2 className="card-label">Requests</h2>
          <p className="card-value" data-testid="usage-requests">{t ? t.requests.toLocaleString('en-US') : '—'}</p>
          <p className="small muted">{t ? `${t.errors} failed · ${(t.prompt_tokens + t.completion_tokens).toLocaleString('en-US')} tokens · ${formatCredits(t.credits)} credits · ${formatMs(t.avg_latency_ms)} mean latency` : ''}</p>
        </section>
      </div>
      <BudgetsCard />
      <UsageFilters />
      <div className="section-head">
        <h2 className="section-title">Over time</h2>
        <div className="filters">
          <select className="input input-sm" aria-label="Group by" value={usage.groupBy} onChange={(e) => void setView({ groupBy: e.target.value as typeof usage.groupBy })}>
            <option value="model">By model</option>
            <option value="team">By team</option>
            <option value="key">By key</option>
          </select>
          <select className="input input-sm" aria-label="Bucket" value={usage.bucket} onChange={(e) => void setView({ bucket: e.target.value as typeof usage.bucket })}>
            <option value="hour">Per hour</option>
            <option value="day">Per day</option>
          </select>
        </div>
      </div>
      <div className="chart-grid">
        {charts.map((c) => <UsageChart key={c.id} title={c.title} description={describeSeries(c.title, usage.bucket, c.data)} data={c.data} format={FORMATS[c.id]} />)}
      </div>
      <h2 className="section-title">Request log</h2>
      <UsageLog />
    </div>
  )
}
