import { createRequire } from 'node:module'

const requireFromHere = createRequire(import.meta.url)

/**
 * A package loaded the first time it is used instead of at start-up: for packages only some requests or some
 * configurations need (upstream HTTP, OpenTelemetry, PostgreSQL, folder watching), so `npm run serve` starts
 * sooner and idles smaller without them. Synchronous, so the constructors that use it stay synchronous; the
 * package loads once and is then the same object on every call.
 */
export function loadOnFirstUse<T>(id: string): () => T {
  let loaded: T | undefined
  return () => (loaded ??= requireFromHere(id) as T)
}
