import { GatewayError } from '../../../shared/errors'
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

export const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000))
