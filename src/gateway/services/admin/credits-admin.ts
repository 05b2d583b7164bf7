import type { CreditsInfo } from '../../../shared/admin-wire'
import { GatewayError } from '../../../shared/errors'
import { fromMicro, toMicro } from '../../store/repos/company-repo'
import type { AdminDeps } from './admin-deps'

/** The company's credit balance and top-ups. */
export function createCreditsAdmin({ store }: AdminDeps) {
  return {
    balance: (): CreditsInfo => ({ balance: fromMicro(store.company.balanceMicro()) }),
    add(credits: number, allowNegative = false): CreditsInfo {
      const after = store.company.balanceMicro() + toMicro(credits)
      if (credits < 0 && after < 0 && !allowNegative) {
        throw new GatewayError({
          status: 409,
          type: 'invalid_request_error',
          code: 'balance_below_zero',
          param: 'add',
          message: `Taking back ${-credits} credits leaves the balance at ${fromMicro(after)}, below zero: every request will be refused with 402. Send allow_negative: true to do it anyway.`,
        })
      }
      return { balance: fromMicro(store.company.add(toMicro(credits))) }
    },
  }
}
