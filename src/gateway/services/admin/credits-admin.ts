import type { CreditsInfo } from '../../../shared/admin-wire'
import { badRequest, GatewayError } from '../../../shared/errors'
import { fromMicro, MAX_BALANCE_MICRO, toMicro } from '../../store/repos/company-repo'
import type { AdminDeps } from './admin-deps'

/**
 * The company's credit balance and top-ups. Credits are counted as integers of micro-credits, so a
 * balance must stay a safe integer: a top-up is capped (MAX_TOP_UP_CREDITS, by the route's schema), a result past the safe range is refused (not
 * rounded away), and taking credits back never takes the balance below zero.
 */
export function createCreditsAdmin({ store }: AdminDeps) {
  return {
    balance: (): CreditsInfo => ({ balance: fromMicro(store.company.balanceMicro()) }),
    /** A take-back that would leave the balance below zero needs `allowNegative` (the UI asks first). */
    add(credits: number, allowNegative = false): CreditsInfo {
      const delta = toMicro(credits)
      if (delta === 0) throw badRequest('add is smaller than one micro-credit (0.000001); send a larger amount', 'add')
      const balance = store.transaction(() => {
        const before = store.company.balanceMicro()
        const after = before + delta
        if (Math.abs(after) > MAX_BALANCE_MICRO) {
          throw badRequest(`The balance would be ${fromMicro(after)} credits, past the most this gateway can count exactly (${fromMicro(MAX_BALANCE_MICRO)}).`, 'add', 'balance_out_of_range')
        }
        if (delta < 0 && after < 0 && !allowNegative) {
          throw new GatewayError({
            status: 409,
            type: 'invalid_request_error',
            code: 'balance_below_zero',
            param: 'add',
            message: `Taking ${-credits} credits back would make the balance negative (it is ${fromMicro(before)}): every request would be refused with 402. Take back at most that, or send allow_negative: true to do it anyway.`,
          })
        }
        return store.company.add(delta)
      })
      return { balance: fromMicro(balance) }
    },
  }
}
