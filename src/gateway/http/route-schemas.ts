import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { issueMessage } from '../../shared/validation/issue-messages'
import { issueToError } from '../../shared/validation/issue-to-error'

/** A Fastify scope whose routes declare zod schemas for body, query and params (and handlers get their output types). */
export type SchemaApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>

/**
 * Validates what a route declares with its zod schemas, in the gateway's words: the first problem
 * becomes a 400 naming its field (a GatewayError, which the error handler serializes as any other).
 */
export function installZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zod = schema as z.ZodType
    // Found on the route's first request, not at registration: zod compiles a schema on its first parse, and
    // doing that for some 130 routes before listening cost start-up tens of milliseconds for routes rarely called.
    let emptyAsIs: boolean | undefined
    return (data: unknown) => {
      // Most model requests carry no query string: no need to walk the schema for an empty object it takes as it is.
      if (isEmptyObject(data) && (emptyAsIs ??= takesEmptyObjectAsIs(zod))) return { value: {} }
      // Fastify hands a missing body over as null: read it as absent, so optional bodies and defaults apply.
      const input = data === null ? undefined : data
      const result = zod.safeParse(input, { error: issueMessage })
      if (result.success) return { value: result.data }
      return { error: issueToError(result.error.issues[0]!, input) }
    }
  })
}

const isEmptyObject = (data: unknown): boolean => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false
  for (const _key in data) return false
  return true
}

/** Whether the schema turns `{}` into `{}` (all fields optional, no defaults): then an empty object needs no parse. */
function takesEmptyObjectAsIs(schema: z.ZodType): boolean {
  const result = schema.safeParse({})
  return result.success && isEmptyObject(result.data)
}

/** The scope with the zod type provider, for route groups that declare schemas. */
export const withSchemas = (app: FastifyInstance): SchemaApp => app.withTypeProvider<ZodTypeProvider>()
