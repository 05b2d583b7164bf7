import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { usageExportQuery, usagePageQuery, usageStatsQuery } from './usage-stats-schemas'
import { isoTime } from '../../kernel/iso-time'

/** The usage page's queries: the filtered request log with a cursor, totals and series over time, and CSV. */
export function usageStatsRoutes(app: SchemaApp, { usageStats }: AdminServices) {
  app.get('/usage/query', { schema: { querystring: usagePageQuery } }, async (req) => usageStats.page(req.query))
  app.get('/usage/stats', { schema: { querystring: usageStatsQuery } }, async (req) => usageStats.stats(req.query))
  app.get('/usage/export', { schema: { querystring: usageExportQuery } }, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="gatehouse-usage-${isoTime(Date.now()).slice(0, 10)}.csv"`)
      .send(usageStats.csv(req.query)),
  )
}
