import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { adminAuthOptions } from '../api/admin/admin-auth-options'
import { adminRoutes } from '../api/admin/admin-routes'
import { installAuditLog } from '../api/admin/audit-hook'
import { RATE_LIMIT_HEADERS } from '../services/governance/rate-limit-headers'
import { audioRoutes } from '../api/audio/audio-routes'
import { batchesRoutes } from '../api/batches/batches-routes'
import { chatRoutes } from '../api/chat/chat-routes'
import { clusterRoutes } from '../api/admin/cluster-routes'
import { completionsRoutes } from '../api/completions/completions-routes'
import { embeddingsRoutes } from '../api/embeddings/embeddings-routes'
import { filesRoutes } from '../api/files/files-routes'
import { healthRoutes } from '../api/health/health-routes'
import { recordingsRoutes } from '../api/admin/recordings-routes'
import { responsesRoutes } from '../api/responses/responses-routes'
import { mcpAdminRoutes } from '../api/mcp/mcp-admin-routes'
import { mcpRoutes } from '../api/mcp/mcp-routes'
import { messagesRoutes } from '../api/messages/messages-routes'
import { modelsRoutes } from '../api/models/models-routes'
import { oauthRoutes } from '../api/oauth/oauth-routes'
import { ollamaRoutes, type OllamaRoutesOptions } from '../api/ollama/ollama-routes'
import { webRoutes } from '../api/web/web-routes'
import { installResponseCache } from '../api/response-cache-hook'
import { metricsRoutes } from '../api/metrics/metrics-routes'
import { clientErrorHandler, frameworkErrors, installErrorHandler } from '../http/error-handler'
import { DatedServerResponse } from '../http/dated-server-response'
import { installHostGuard } from '../http/host-guard'
import { installJsonBodyParser } from '../http/json-body'
import { lazyRequestLogger, requestLogController } from '../http/lazy-request-logger'
import { installZodValidation } from '../http/route-schemas'
import { GATEWAY_VERSION } from '../kernel/version'
import { startFileHousekeeping } from '../services/files/file-housekeeping'
import { servingBusyTimeout } from '../store/database'
import { schemaCompilersOnFirstUse } from './fastify-compilers'
import type { GatewayDeps } from './gateway-deps'
import { createServices, type GatewayServices } from './services'

/** What the Ollama routes get, on the main port and on `server.ollama_port`. */
export const ollamaRouteOptions = (deps: GatewayDeps, services: GatewayServices): OllamaRoutesOptions => ({
  ollama: services.ollama,
  catalog: services.ollamaCatalog,
  localModels: services.localModels,
  clock: deps.clock,
  authenticate: services.authenticate,
  adminAuth: adminAuthOptions({ adminToken: services.adminToken, webSessions: services.webSessions }),
  keyless: services.keyless,
})

/** The Fastify options of both listeners, the main port and the Ollama port. */
const serverOptions = (deps: GatewayDeps) => ({
  loggerInstance: deps.logger,
  bodyLimit: deps.config.server.bodyLimitBytes,
  genReqId: () => deps.ids.requestId(),
  requestIdHeader: false as const,
  return503OnClosing: true,
  forceCloseConnections: true,
  childLoggerFactory: lazyRequestLogger,
  logController: requestLogController(deps.logger),
  frameworkErrors,
  clientErrorHandler,
  schemaController: schemaCompilersOnFirstUse,
  http: { ServerResponse: DatedServerResponse },
})

/**
 * The listener of `server.ollama_port`: the Ollama API only (and `GET /` answering as Ollama does),
 * with the same services, error shapes and host guard as the main port.
 */
export async function buildOllamaListener(deps: GatewayDeps, services: GatewayServices): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(deps))
  installErrorHandler(app, deps.config.server.bodyLimitBytes)
  installHostGuard(app, deps.config.server.allowedHosts)
  app.get('/', async (_req, reply) => reply.type('text/plain; charset=utf-8').send('Ollama is running'))
  await app.register(ollamaRoutes, ollamaRouteOptions(deps, services))
  return app
}

/** Builds the gateway; the caller listens (cli.ts, Electron's main) or injects (tests). */
export async function buildGateway(deps: GatewayDeps, services: GatewayServices = createServices(deps)): Promise<FastifyInstance> {
  const { config, clock } = deps
  const app = Fastify(serverOptions(deps))
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id)
    done()
  })
  installErrorHandler(app, config.server.bodyLimitBytes)
  installZodValidation(app)
  installJsonBodyParser(app)
  installHostGuard(app, config.server.allowedHosts)
  // On the root: the admin routes of every plugin under /admin (MCP servers, Ollama settings too) are audited.
  installAuditLog(app, services.admin.audit)
  if (config.server.corsOrigins.length) {
    const allowed = new Set(config.server.corsOrigins.map((o) => new URL(o).origin))
    await app.register(cors, { origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)), exposedHeaders: ['x-request-id', 'x-svc-model-id', 'x-svc-completion-time-ms', 'x-svc-fallbacks-used', 'x-svc-cache', ...RATE_LIMIT_HEADERS] })
  }
  const stopHousekeeping = await startFileHousekeeping(services.files, app.log, [() => services.responses.sweepExpired(), () => services.responseCache.sweepExpired()])
  const recovered = await services.recordings.recover()
  if (recovered.temp || recovered.orphans || recovered.interrupted || recovered.indexed) app.log.info(recovered, 'recovered recordings after a stop')
  await services.watchFolders.watcher.start()
  servingBusyTimeout(deps.store.db)
  app.addHook('onClose', async () => {
    stopHousekeeping()
    await services.close()
  })

  const { authenticate } = services
  installResponseCache(app, { cache: services.responseCache, clock })
  if (config.telemetry?.metrics !== false) {
    app.addHook('onResponse', (req, reply, done) => {
      services.metrics.httpRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime)
      done()
    })
    await app.register(metricsRoutes, { metrics: services.metrics, adminToken: services.adminToken, metricsToken: config.telemetry?.metricsToken ?? null })
  }
  await app.register(healthRoutes, { version: GATEWAY_VERSION, startedAt: clock.now(), now: () => clock.now(), problems: services.problems, notReady: services.cluster.notReady })
  await app.register(modelsRoutes, { models: services.models, authenticate })
  await app.register(filesRoutes, { files: services.files, authenticate, maxUploadBytes: config.files.maxUploadBytes })
  await app.register(batchesRoutes, { batches: services.batches, runner: services.runner, authenticate })
  await app.register(chatRoutes, { chat: services.chat, pipeline: services.pipeline, clock, authenticate })
  await app.register(responsesRoutes, { responses: services.responses, chat: services.chat, clock, authenticate })
  await app.register(messagesRoutes, { messages: services.messages, chat: services.chat, clock, authenticate })
  await app.register(completionsRoutes, { completions: services.completions, clock, authenticate })
  await app.register(embeddingsRoutes, { embeddings: services.embeddings, clock, authenticate })
  await app.register(mcpRoutes, { mcp: services.gatewayMcp, clock, authenticate })
  await app.register(audioRoutes, { audio: services.audio, clock, authenticate, maxUploadBytes: config.audio.maxUploadBytes })
  const { adminToken, webSessions } = services
  await app.register(async (admin) => adminRoutes(admin, { admin: services.admin, localModels: services.localModels, tools: services.tools, adminToken, webSessions, oauth: services.oauth }), { prefix: '/admin' })
  await app.register(recordingsRoutes, { prefix: '/admin', recordings: services.recordings, summaries: services.recordingSummaries, watchFolders: services.watchFolders, auth: adminAuthOptions({ adminToken, webSessions }), maxUploadBytes: config.files.maxUploadBytes })
  await app.register(ollamaRoutes, ollamaRouteOptions(deps, services))
  await app.register(mcpAdminRoutes, { prefix: '/admin', servers: services.mcpServers, auth: adminAuthOptions({ adminToken, webSessions }) })
  await app.register(clusterRoutes, { prefix: '/admin', cluster: services.cluster, auth: adminAuthOptions({ adminToken, webSessions }) })
  await app.register(oauthRoutes, { oauth: services.oauth })
  await app.register(webRoutes, { adminToken, sessions: webSessions })
  return app
}
