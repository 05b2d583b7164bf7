import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fallbacksQuery } from '../api/fallbacks-query'
import { installErrorHandler } from './error-handler'
import { installZodValidation, withSchemas } from './route-schemas'

/** An empty query skips the parse only where the schema would give back an empty object; defaults still apply. */
const app = Fastify()
beforeAll(async () => {
  installErrorHandler(app, 1024)
  installZodValidation(app)
  const routes = withSchemas(app)
  routes.get('/fallbacks', { schema: { querystring: fallbacksQuery } }, async (req) => ({ query: req.query }))
  routes.get('/defaults', { schema: { querystring: z.object({ limit: z.coerce.number().default(20) }) } }, async (req) => ({ query: req.query }))
  routes.get('/required', { schema: { querystring: z.object({ q: z.string() }) } }, async (req) => ({ query: req.query }))
  await app.ready()
})
afterAll(() => app.close())

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.json() as { query?: Record<string, unknown>; error?: { param: string; message: string } } }
}

describe('route schemas', () => {
  it('reads an absent query as empty, and a given one through the schema', async () => {
    expect(await get('/fallbacks')).toEqual({ status: 200, body: { query: {} } })
    expect(await get('/fallbacks?fallbacks=false')).toEqual({ status: 200, body: { query: { fallbacks: false } } })
  })

  it('still refuses a bad value naming the field', async () => {
    const res = await get('/fallbacks?fallbacks=maybe')
    expect(res.status).toBe(400)
    expect(res.body.error?.param).toBe('fallbacks')
  })

  it('applies defaults and required fields to an empty query', async () => {
    expect(await get('/defaults')).toEqual({ status: 200, body: { query: { limit: 20 } } })
    const res = await get('/required')
    expect(res.status).toBe(400)
    expect(res.body.error?.param).toBe('q')
  })
})
