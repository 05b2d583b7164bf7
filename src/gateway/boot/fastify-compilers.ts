import type { FastifyServerOptions } from 'fastify'
import { loadOnFirstUse } from '../kernel/load-on-first-use'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
type Builder = (externalSchemas: unknown, options: unknown) => unknown
const ajvCompiler = loadOnFirstUse<() => Builder>('@fastify/ajv-compiler')
const fastJsonStringifyCompiler = loadOnFirstUse<() => Builder>('@fastify/fast-json-stringify-compiler')

/** A Fastify compiler builder (`@fastify/ajv-compiler`, ...), built once and only when Fastify asks for it. */
function builtOnFirstCall(load: () => () => Builder): Builder {
  let built: Builder | undefined
  return (externalSchemas, options) => (built ??= load()())(externalSchemas, options)
}

/**
 * Fastify's own schema compilers (Ajv for validation, fast-json-stringify for replies), as Fastify builds them by
 * default, but loaded when a route first needs one instead of with every Fastify instance: the gateway's routes
 * validate with zod (installZodValidation) and declare no reply schemas, so a start never loads Ajv for Fastify.
 * vite.serve.config.ts leaves these packages out of the bundle for the same reason.
 */
export const schemaCompilersOnFirstUse = {
  compilersFactory: { buildValidator: builtOnFirstCall(ajvCompiler), buildSerializer: builtOnFirstCall(fastJsonStringifyCompiler) } as CompilersFactory,
}
