import type { ProviderRegistry } from '../../providers/registry'
import type { ProviderConfigs } from '../routing/provider-configs'
import type { AdminDeps } from './admin-deps'
import { createAgentsAdmin } from './agents-admin'
import { createAuditAdmin } from './audit-admin'
import { budgetsWithSpend } from './governance-admin'
import { createConversationsAdmin } from './conversations-admin'
import { createCreditsAdmin } from './credits-admin'
import { createKeysAdmin } from './keys-admin'
import { createModelsAdmin } from './models-admin'
import { createProviderProbe } from './provider-probe'
import { createProvidersAdmin } from './providers-admin'
import { gatewayStatus } from './status-admin'
import { createTeamsAdmin } from './teams-admin'
import { createUsageAdmin } from './usage-admin'
import { createUsageStatsAdmin } from './usage-stats-admin'
import { createUsersAdmin } from './users-admin'

/** Every admin service, each applying its domain's rules on the store; the admin routes only parse and reply. */
export function createAdminServices(deps: AdminDeps, version: string, providers: { registry: ProviderRegistry; providerConfigs: ProviderConfigs }) {
  return {
    status: () => gatewayStatus(deps, version),
    teams: createTeamsAdmin(deps),
    users: createUsersAdmin(deps),
    keys: createKeysAdmin(deps),
    models: createModelsAdmin(deps),
    providers: createProvidersAdmin(deps),
    probe: createProviderProbe(deps, providers.registry, providers.providerConfigs),
    credits: createCreditsAdmin(deps),
    agents: createAgentsAdmin(deps),
    usage: createUsageAdmin(deps),
    usageStats: createUsageStatsAdmin(deps),
    conversations: createConversationsAdmin(deps),
    audit: createAuditAdmin(deps),
    budgets: () => budgetsWithSpend(deps.store, deps.clock.now()),
  }
}

export type AdminServices = ReturnType<typeof createAdminServices>
