import type { GatewayStatus } from '../../../shared/admin-wire'
import { fromMicro } from '../../store/repos/company-repo'
import type { AdminDeps } from './admin-deps'

export function gatewayStatus({ store, configSource }: AdminDeps, version: string): GatewayStatus {
  return {
    version,
    config_source: configSource,
    credits: { balance: fromMicro(store.company.balanceMicro()) },
    counts: {
      providers: store.providers.list().length,
      models: store.models.list().length,
      teams: store.teams.list().length,
      keys: store.keys.list().length,
    },
  }
}
