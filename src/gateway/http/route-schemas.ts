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
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    // Fastify hands a missing body over as null: read it as absent, so optional bodies and defaults apply.
    const input = data === null ? undefined : data
    const result = (schema as z.ZodType).safeParse(input, { error: issueMessage })
    if (result.success) return { value: result.data }
    return { error: issueToError(result.error.issues[0]!, input) }
  })
}

/** The scope with the zod type provider, for route groups that declare schemas. */
export const withSchemas = (app: FastifyInstance): SchemaApp => app.withTypeProvider<ZodTypeProvider>()
