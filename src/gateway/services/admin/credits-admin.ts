import type { CreditsInfo } from '../../../shared/admin-wire'
import { fromMicro, toMicro } from '../../store/repos/company-repo'
import type { AdminDeps } from './admin-deps'

/** The company's credit balance and top-ups. */
export function createCreditsAdmin({ store }: AdminDeps) {
  return {
    balance: (): CreditsInfo => ({ balance: fromMicro(store.company.balanceMicro()) }),
    add: (credits: number): CreditsInfo => ({ balance: fromMicro(store.company.add(toMicro(credits))) }),
  }
}
