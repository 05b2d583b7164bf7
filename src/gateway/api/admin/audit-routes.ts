import type { SchemaApp } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import { auditQuery } from './admin-schemas'

const EXPORT_TYPES = { csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson' }

/** `GET /admin/audit` (paged, filtered; `format=csv|jsonl` exports every match as a download) and `GET /admin/budgets`. */
export function auditRoutes(app: SchemaApp, { audit, budgets }: AdminServices) {
  app.get('/audit', { schema: { querystring: auditQuery } }, async (req, reply) => {
    const { format, ...q } = req.query
    if (format === 'json') return audit.list(q)
    return reply
      .header('content-type', EXPORT_TYPES[format])
      .header('content-disposition', `attachment; filename="gatehouse-audit.${format}"`)
      .send(audit.export(q, format))
  })
  app.get('/budgets', async () => ({ data: budgets() }))
}
