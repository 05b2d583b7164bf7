import type { FastifyInstance } from 'fastify'
import { installAdminAuth } from '../../http/admin-auth'
import { fromMicro } from '../../store/repos/company-repo'
import type { AdminContext } from './admin-context'
import { agentsAdmin } from './agents-admin'
import { conversationsAdmin } from './conversations-admin'
import { creditsAdmin } from './credits-admin'
import { keysAdmin } from './keys-admin'
import { localModelsAdmin } from './local-models-admin'
import { modelsAdmin } from './models-admin'
import { providerProbeAdmin } from './provider-probe-admin'
import { providersAdmin } from './providers-admin'
import { teamsAdmin } from './teams-admin'
import { usageAdmin } from './usage-admin'
import { usersAdmin } from './users-admin'

/** The admin API for the renderer, under `/admin`, accepted only with the local admin token. */
export async function adminRoutes(app: FastifyInstance, ctx: AdminContext & { adminToken: string; version: string }) {
  installAdminAuth(app, ctx.adminToken, () => ctx.clock.now())
  app.get('/status', async () => ({
    version: ctx.version,
    config_source: ctx.config.source,
    credits: { balance: fromMicro(ctx.store.company.balanceMicro()) },
    counts: {
      providers: ctx.store.providers.list().length,
      models: ctx.store.models.list().length,
      teams: ctx.store.teams.list().length,
      keys: ctx.store.keys.list().length,
    },
  }))
  for (const group of [teamsAdmin, usersAdmin, keysAdmin, modelsAdmin, providersAdmin, providerProbeAdmin, creditsAdmin, agentsAdmin, usageAdmin, localModelsAdmin, conversationsAdmin]) {
    await app.register(group, ctx)
  }
}
