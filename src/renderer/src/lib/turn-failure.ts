import { ApiError, messageOf } from '../api/api-error'
import type { TurnFailure } from './playground-model'

/**
 * Whether the gateway itself refused the request before any provider saw it (a bad value, an unknown
 * or disabled model, no credits, a refused key): then the user's turn is handed back to the composer
 * rather than kept. Upstream failures (`upstream_*`: 429, 5xx, a 400 from the model), network errors
 * and broken streams keep the turn, marked failed, so it can be retried.
 */
export function refusedBeforeSending(e: unknown): e is ApiError {
  if (!(e instanceof ApiError) || e.code?.startsWith('upstream_')) return false
  return [400, 401, 402, 403, 404, 409, 413, 422].includes(e.status)
}

export function turnFailure(e: unknown, model: string): TurnFailure {
  return e instanceof ApiError ? { message: e.message, status: e.status, code: e.code, model } : { message: messageOf(e), status: 0, code: null, model }
}
