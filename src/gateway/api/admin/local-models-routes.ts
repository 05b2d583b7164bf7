import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { SchemaApp } from '../../http/route-schemas'
import type { LocalModelsAdmin } from '../../services/admin/local-models-admin'
import { importModelBody, nameParams } from './admin-schemas'

/** The local model manager: catalog, downloads (progress on `/local-models/events` as SSE), cancel, import, delete. */
export function localModelsRoutes(app: SchemaApp, localModels: LocalModelsAdmin) {
  app.get('/local-models', async () => localModels.list())
  app.post('/local-models/:name/download', { schema: { params: nameParams } }, async (req, reply) => reply.code(202).send(await localModels.startDownload(req.params.name)))
  app.post('/local-models/:name/cancel', { schema: { params: nameParams } }, async (req) => localModels.cancel(req.params.name))
  app.post('/local-models/import', { schema: { body: importModelBody } }, async (req, reply) => reply.code(201).send(await localModels.import(req.body.path, req.body.name, req.body.kind)))
  app.delete('/local-models/:name', { schema: { params: nameParams } }, async (req) => localModels.remove(req.params.name))

  app.get('/local-models/events', async (_req, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
    const stop = localModels.subscribe((event, data) => void writeWithBackpressure(reply.raw, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
    await writeWithBackpressure(reply.raw, ': connected\n\n')
    reply.raw.on('close', stop)
  })
}
