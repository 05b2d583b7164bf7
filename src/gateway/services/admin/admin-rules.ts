import { GatewayError, notFound } from '../../../shared/errors'
import type { RowSource } from '../../store/repos/providers-repo'

/** Rows the config file owns are changed in the file: an admin edit would be undone at the next start. */
export function assertAdminOwned(row: { source: RowSource }, what: string, configSource: string): void {
  if (row.source === 'config') {
    throw new GatewayError({
      status: 409,
      type: 'invalid_request_error',
      code: 'managed_by_config',
      message: `${what} comes from the config file (${configSource}); change it there and restart.`,
    })
  }
}

export function conflict(message: string, param: string): GatewayError {
  return new GatewayError({ status: 409, type: 'invalid_request_error', code: 'already_exists', message, param })
}

/** The row, or a 404 naming what was looked for. */
export function found<T>(row: T | undefined | null, what: string, id: string, code: string): T {
  if (row === undefined || row === null) throw notFound(`No ${what} with id "${id}".`, code, 'id')
  return row
}

/** Milliseconds -> Unix seconds, as the admin API reports times. */
export function seconds(ms: number): number
export function seconds(ms: number | null): number | null
export function seconds(ms: number | null): number | null {
  return ms === null ? null : Math.floor(ms / 1000)
}

export const deleted = (id: string) => ({ id, deleted: true as const })
