import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { adminRoutes } from '../api/admin/admin-routes'
import { audioRoutes } from '../api/audio/audio-routes'
import { batchesRoutes } from '../api/batches/batches-routes'
import { filesRoutes } from '../api/files/files-routes'
import { chatRoutes } from '../api/chat/chat-routes'
import { messagesRoutes } from '../api/messages/messages-routes'
import { healthRoutes } from '../api/health/health-routes'
import { modelsRoutes } from '../api/models/models-routes'
import { webRoutes } from '../api/web/web-routes'
import type { GatewayDeps } from './gateway-deps'
import { installErrorHandler } from '../http/error-handler'
import { installHostGuard } from '../http/host-guard'
import { createProviderRegistry } from '../providers/provider-registry'
import { createAudioService } from '../services/audio/audio-service'
import { createLocalAudio } from '../services/audio/local-audio'
import { createAuthenticator } from '../services/auth/authenticate'
import { createChatService } from '../services/chat/chat-service'
import { createCreditLedger } from '../services/credits/credit-ledger'
import { createMessagesService } from '../services/messages/messages-service'
import { createFileService } from '../services/files/file-service'
import { runChatWith } from '../services/batches/run-chat'
import { createKeyService } from '../services/keys/key-service'
import { GATEWAY_VERSION } from '../kernel/version'

/** Builds the gateway; the caller listens (cli.ts, Electron's main) or injects (tests). */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, store, clock, ids } = deps
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: config.server.bodyLimitBytes,
    genReqId: () => `req_${ids.token(12)}`,
    requestIdHeader: false,
    return503OnClosing: true,
    forceCloseConnections: true,
  })
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })
  installErrorHandler(app, config.server.bodyLimitBytes)
  installHostGuard(app, config.server.allowedHosts)
  if (config.server.corsOrigins.length) {
    const allowed = new Set(config.server.corsOrigins.map((o) => new URL(o).origin))
    await app.register(cors, { origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)), exposedHeaders: ['x-request-id', 'x-svc-model-id', 'x-svc-completion-time-ms', 'x-svc-fallbacks-used'] })
  }

  const authenticate = createAuthenticator(store, clock)
  const keys = createKeyService(store, clock, ids, config.auth.rotationGraceSeconds)
  const startedAt = clock.now()
  const ledger = createCreditLedger(store)
  app.addHook('onClose', async () => ledger.flush())
  const providers = createProviderRegistry({ env: deps.env, cipher: deps.cipher })
  app.addHook('onClose', async () => providers.close())
  const chat = createChatService({ store, clock, ledger, providers })
  const messages = createMessagesService({ store, clock, ledger, connections: providers.connections })
  const localAudio = createLocalAudio({ modelsDir: deps.modelsDir, ...config.engines })
  app.addHook('onClose', async () => localAudio.close())
  const audio = createAudioService({ store, clock, ledger, connections: providers.connections, local: localAudio })

  await app.register(healthRoutes, { version: GATEWAY_VERSION, startedAt, now: () => clock.now() })
  await app.register(modelsRoutes, { store, authenticate })
  const files = createFileService({ store, blobs: deps.blobs, clock, ids, retentionSeconds: config.files.retentionSeconds })
  await app.register(filesRoutes, { files, authenticate, maxUploadBytes: config.files.maxUploadBytes })
  await app.register(batchesRoutes, { store, files, clock, ids, authenticate, runChat: runChatWith(chat, clock), concurrency: config.batches.concurrency })
  await app.register(chatRoutes, { chat, store, clock, authenticate })
  await app.register(messagesRoutes, { messages, clock, authenticate })
  await app.register(audioRoutes, { audio, clock, authenticate, maxUploadBytes: config.audio.maxUploadBytes })
  await app.register(async (admin) => adminRoutes(admin, { ...deps, keys, localAudio, version: GATEWAY_VERSION }), { prefix: '/admin' })
  await app.register(webRoutes, { adminToken: deps.adminToken, now: () => clock.now() })
  return app
}
