import type { FastifyInstance } from 'fastify'
import { installAdminAuth } from '../../http/admin-auth'
import { adminAuthOptions } from './admin-auth-options'
import { withSchemas } from '../../http/route-schemas'
import type { AdminServices } from '../../services/admin/admin-services'
import type { LocalModelsAdmin } from '../../services/admin/local-models-admin'
import type { RagService } from '../../services/tools/rag/rag-service'
import type { ToolSettings } from '../../services/tools/tool-settings'
import type { OAuth } from '../../services/auth/oauth'
import type { WebSessions } from '../../services/auth/web-sessions'
import type { AdminTokenHolder } from '../../security/admin-token'
import { webSessionsRoutes } from '../web/web-sessions-routes'
import { agentsRoutes } from './agents-routes'
import { auditRoutes } from './audit-routes'
import { keysRoutes } from './keys-routes'
import { localModelsRoutes } from './local-models-routes'
import { modelsRoutes } from './models-routes'
import { oauthClientsRoutes } from './oauth-clients-routes'
import { teamsRoutes } from './teams-routes'
import { toolsRoutes } from './tools-routes'
import { usageRoutes } from './usage-routes'
import { usageStatsRoutes } from './usage-stats-routes'

/** The admin API for the renderer, under `/admin`, accepted only with the local admin token. */
export async function adminRoutes(plain: FastifyInstance, opts: { admin: AdminServices; localModels: LocalModelsAdmin; tools: { rag: RagService; settings: ToolSettings }; adminToken: AdminTokenHolder; webSessions: WebSessions; oauth: OAuth }) {
  installAdminAuth(plain, adminAuthOptions(opts))
  const app = withSchemas(plain)
  app.get('/status', async () => opts.admin.status())
  for (const group of [teamsRoutes, keysRoutes, modelsRoutes, agentsRoutes, usageRoutes, usageStatsRoutes, auditRoutes]) group(app, opts.admin)
  localModelsRoutes(app, opts.localModels)
  await plain.register(async (scope) => toolsRoutes(scope, opts.tools))
  webSessionsRoutes(app, opts.webSessions)
  oauthClientsRoutes(app, opts.oauth)
}
