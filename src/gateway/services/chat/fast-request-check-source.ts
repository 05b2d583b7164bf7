import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { default as Ajv } from 'ajv'
import type { default as standaloneCode } from 'ajv/dist/standalone'
import { fastRequestJsonSchema } from './fast-request-schema'

const requireFromHere = createRequire(import.meta.url)

/** Beside this file, so the script that writes it and the test that checks it find it the same way. */
export const GENERATED_FILE = join(import.meta.dirname, 'fast-request-check.generated.ts')

/**
 * The fast path's validator as source (Ajv's standalone code for fastRequestJsonSchema), written to GENERATED_FILE by
 * `npm run generate:fast-request-check` and checked against it by fast-request-check.test.ts. Compiled at run time
 * instead, the first chat request paid for loading Ajv and compiling (and the schema for its meta-schema): 150 ms,
 * and ~9 MB the gateway then kept. `unicode: false`: string lengths count UTF-16 units, as zod's do.
 */
export function fastRequestCheckSource(): string {
  const { default: AjvClass } = requireFromHere('ajv') as { default: typeof Ajv }
  const { default: standalone } = requireFromHere('ajv/dist/standalone') as { default: typeof standaloneCode }
  // Ajv calls `unicode: false` deprecated and says so on each compile; what it does is what zod does, so only that word is dropped.
  const logger = { log: console.log, error: console.error, warn: (...args: unknown[]) => void (String(args[0]).startsWith('DEPRECATED: option unicode') || console.warn(...args)) }
  const ajv = new AjvClass({ allErrors: false, messages: false, unicode: false, logger, code: { source: true, esm: true, lines: true } })
  const code = standalone(ajv, ajv.compile(fastRequestJsonSchema()))
  if (/\brequire\(/.test(code)) throw new Error('The fast path validator needs a runtime module of Ajv; make it self-contained (see the options above).')
  return [
    `// Generated from fast-request-schema.ts by \`npm run generate:fast-request-check\` (fast-request-check-source.ts): do not edit.`,
    '// fast-request-check.test.ts fails while it differs from what the schema generates.',
    '/* eslint-disable */',
    '// @ts-nocheck',
    code.replace(/^"use strict";/, ''),
    '',
  ].join('\n')
}
