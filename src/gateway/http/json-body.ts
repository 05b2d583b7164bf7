import type { FastifyInstance, FastifyRequest } from 'fastify'
import { jsonNestsDeeperThan, jsonTooDeep } from '../../shared/validation/json-depth'

/**
 * JSON bodies, as Fastify parses them (prototype-poisoning keys refused), except that an empty body is
 * no body: the official Python SDK sends `Content-Type: application/json` with nothing after it on
 * calls that take none (`DELETE /v1/files/{id}`, `POST /v1/batches/{id}/cancel`). A route that needs
 * a body still says it is missing, through its own validation. JSON nested past MAX_JSON_DEPTH is
 * refused before it is parsed: every recursive walk of it afterwards would overflow the stack.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text === '') return done(null, undefined)
    if (jsonNestsDeeperThan(text)) return done(jsonTooDeep(), undefined)
    parseJson(req, text, done)
  })
}

/**
 * JSON bodies kept as the bytes the client sent, for routes that may pass them on untouched (a
 * passthrough to a provider of the same wire family); `rawJsonBody` reads them back in the handler.
 */
export function keepJsonBodiesAsBytes(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
}

/** The body `keepJsonBodiesAsBytes` kept (none at all reads as no bytes). */
export const rawJsonBody = (req: FastifyRequest): Buffer => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0))
