import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { schemaCompilersOnFirstUse } from './fastify-compilers'

/**
 * Fastify's own compilers, loaded on first use (fastify-compilers.ts), still do what Fastify's defaults do for a
 * route that declares JSON Schemas: Ajv validates the body and fast-json-stringify writes the reply by its schema.
 */
describe('Fastify compilers loaded on first use', () => {
  it('validate a JSON Schema body with Ajv and serialize a reply schema with fast-json-stringify', async () => {
    const app = Fastify({ schemaController: schemaCompilersOnFirstUse })
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (req) => ({ n: (req.body as { n: number }).n, dropped: 'not in the reply schema' }),
    )
    try {
      const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 3 } })
      expect(ok.statusCode).toBe(200)
      expect(ok.json()).toEqual({ n: 3 })
      const refused = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'three' } })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe('body/n must be integer')
    } finally {
      await app.close()
    }
  })
})
