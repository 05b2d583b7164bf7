import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { SchemaApp } from '../../http/route-schemas'
import type { LocalModelsAdmin } from '../../services/admin/local-models-admin'
import { hubDownloadBody, hubRepoParams, hubSearchQuery, importModelBody, nameParams } from './admin-schemas'

/**
 * The local model manager: catalog, Hugging Face search and files with fit verdicts, downloads (progress on
 * `/local-models/events` as SSE), pause (cancel) and resume, import, delete; and the engines' state.
 */
export function localModelsRoutes(app: SchemaApp, localModels: LocalModelsAdmin) {
  app.get('/engines', async () => localModels.engines())
  app.get('/local-models', async () => localModels.list())
  app.get('/local-models/search', { schema: { querystring: hubSearchQuery } }, async (req) => localModels.search(req.query.q))
  app.get('/local-models/hub/:owner/:repo/files', { schema: { params: hubRepoParams } }, async (req) => localModels.hubFiles(`${req.params.owner}/${req.params.repo}`))
  app.post('/local-models/download', { schema: { body: hubDownloadBody } }, async (req, reply) => reply.code(202).send(await localModels.downloadFromHub(req.body.repo, req.body.file, req.body.name)))
  app.post('/local-models/:name/resume', { schema: { params: nameParams } }, async (req, reply) => reply.code(202).send(await localModels.resume(req.params.name)))
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
