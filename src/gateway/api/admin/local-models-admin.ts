import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { isGatewayError } from '../../../shared/errors'
import { parseOrThrow } from '../../../shared/validation/parse'
import { writeWithBackpressure } from '../../http/write-with-backpressure'
import type { LocalAudio } from '../../services/audio/local-audio'

const importBody = z.strictObject({ path: z.string().min(1, 'must be the path of a whisper.cpp ggml model file'), name: z.string().min(1) })

/**
 * The local model manager for the UI: the catalog with what is installed, downloads (progress on
 * `GET /local-models/events` as server-sent events), cancel, import of a local file, delete.
 */
export async function localModelsAdmin(app: FastifyInstance, { localAudio }: { localAudio: LocalAudio }) {
  const { models } = localAudio
  const downloads = new Map<string, AbortController>()
  const failures = new Map<string, string>()

  app.get('/local-models', async () => ({
    data: (await models.list()).map((m) => ({ ...m, error: failures.get(m.name) ?? null })),
  }))

  app.post<{ Params: { name: string } }>('/local-models/:name/download', async (req, reply) => {
    const { name } = req.params
    const controller = new AbortController()
    const running = models.download(name, { signal: controller.signal })
    // The download runs on after this reply; its progress and end arrive as events.
    downloads.set(name, controller)
    failures.delete(name)
    running
      .catch((err: unknown) => {
        if (!controller.signal.aborted) failures.set(name, isGatewayError(err) ? err.message : (err as Error).message)
      })
      .finally(() => {
        if (downloads.get(name) === controller) downloads.delete(name)
      })
    // Errors known at once (unknown name, already downloading) are answered here.
    const early = await Promise.race([running.then(() => null, (e: unknown) => e), new Promise((r) => setImmediate(r, null))])
    if (early && !controller.signal.aborted) throw early
    return reply.code(202).send({ name, status: 'downloading' })
  })

  app.post<{ Params: { name: string } }>('/local-models/:name/cancel', async (req) => {
    const controller = downloads.get(req.params.name)
    controller?.abort()
    return { name: req.params.name, cancelled: controller !== undefined }
  })

  app.post('/local-models/import', async (req, reply) => {
    const body = parseOrThrow(importBody, req.body)
    return reply.code(201).send(await models.import(body.path, { name: body.name }))
  })

  app.delete<{ Params: { name: string } }>('/local-models/:name', async (req) => ({ name: req.params.name, deleted: await models.delete(req.params.name) }))

  app.get('/local-models/events', async (_req, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
    const send = (event: string) => (data: unknown) => void writeWithBackpressure(reply.raw, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    const listeners = { progress: send('progress'), installed: send('installed'), deleted: send('deleted') }
    for (const [event, fn] of Object.entries(listeners)) models.on(event as 'progress', fn)
    await writeWithBackpressure(reply.raw, ': connected\n\n')
    reply.raw.on('close', () => {
      for (const [event, fn] of Object.entries(listeners)) models.off(event as 'progress', fn)
    })
  })
}
