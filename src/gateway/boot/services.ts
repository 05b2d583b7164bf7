import type { FastifyBaseLogger } from 'fastify'
import { anthropicProviderModule } from '../providers/anthropic/anthropic-provider'
import { createLocalEngines } from '../providers/local/local-engines'
import { localProviderModule } from '../providers/local/local-provider'
import { openAiProviderModule } from '../providers/openai/openai-provider'
import { createProviderRegistry } from '../providers/registry'
import { createUpstreamConnections } from '../providers/upstream/upstream-connection'
import { createAdminServices } from '../services/admin/admin-services'
import { createLocalModelsAdmin } from '../services/admin/local-models-admin'
import { followInstalledModels } from '../services/local-models/installed-model-rows'
import { createHubModels, engineSettings } from '../services/local-models/hub-models'
import { HubClient } from '../engines/model-manager/hub-client'
import { createRecordingsAdmin } from '../services/admin/recordings-admin'
import { createAudioService } from '../services/audio/audio-service'
import { createRecordingIndex } from '../services/audio/recording-index'
import { createRecordingSummaries } from '../services/audio/recording-summaries'
import { createWatchFolderList } from '../services/audio/watch-folder-list'
import { createWatchFolders } from '../services/audio/watch-folders'
import { createAuthenticator } from '../services/auth/authenticate'
import { createOAuth } from '../services/auth/oauth'
import { createWebSessions } from '../services/auth/web-sessions'
import { fixedAdminToken, watchedAdminTokenFile } from '../security/admin-token'
import { createBatchRunner } from '../services/batches/batch-runner'
import { createBatchService } from '../services/batches/batch-service'
import { runChatWith } from '../services/batches/run-chat'
import { createChatService } from '../services/chat/chat-service'
import { chatAudioSteps } from '../services/chat/steps/chat-audio-steps'
import { createCreditLedger } from '../services/credits/credit-ledger'
import { createResponseCache } from '../services/cache/response-cache'
import { createGatewayMetrics } from '../services/telemetry/gateway-metrics'
import { telemetryObserver } from '../services/telemetry/telemetry-observer'
import { createRequestTracer } from '../services/telemetry/request-tracer'
import { createSharedCreditLedger } from '../services/credits/shared-credit-ledger'
import { createInstanceRegistry } from '../services/cluster/instance-registry'
import { createEmbeddingsService } from '../services/embeddings/embeddings-service'
import { createFileService } from '../services/files/file-service'
import { createKeyService } from '../services/keys/key-service'
import { createCompletionsService } from '../services/completions/completions-service'
import { createMessagesService } from '../services/messages/messages-service'
import { createOllamaCatalog } from '../services/ollama/ollama-catalog'
import { createOllamaService } from '../services/ollama/ollama-service'
import { createKeylessAccess } from '../services/ollama/keyless-access'
import { createPipeline } from '../services/pipeline/pipeline'
import { createGovernor } from '../services/governance/governor'
import { memoryRateCounter, storeRateCounter } from '../services/governance/rate-counter'
import { createResponsesService } from '../services/responses/responses-service'
import { createModelList } from '../services/routing/model-access'
import { createProviderConfigs } from '../services/routing/provider-configs'
import { createBalancer } from '../services/routing/deployments'
import { createDocumentEngine } from '../engines/documents/document-engine'
import { createOcrEngine } from '../engines/ocr/tesseract-ocr'
import { gatewayToolsStep } from '../services/tools/gateway-tools-step'
import { createOcrTool } from '../services/tools/ocr/ocr-tool'
import { createRagService } from '../services/tools/rag/rag-service'
import { createRagTool } from '../services/tools/rag/rag-tool'
import { createToolSettings } from '../services/tools/tool-settings'
import { createWebSearchTool } from '../services/tools/web-search/web-search-tool'
import { configMcpServers } from '../services/mcp/config-mcp-servers'
import { createMcpHost } from '../services/mcp/mcp-host'
import { createMcpServersAdmin } from '../services/mcp/mcp-servers-admin'
import { joinedMcpServers, storedMcpServers } from '../services/mcp/stored-mcp-servers'
import { mcpToolLoopStep } from '../services/mcp/mcp-tool-loop-step'
import { silentLogger } from '../kernel/logging'
import { createSecretRedactor } from '../kernel/secret-redactor'
import { GATEWAY_VERSION } from '../kernel/version'
import type { GatewayDeps } from './gateway-deps'

/**
 * Every service of the gateway, built once: the provider registry (upstream APIs and local engines
 * registered alike), the one request pipeline over it, and the services of each endpoint group.
 */
export function createServices(deps: GatewayDeps) {
  const log: FastifyBaseLogger = deps.logger ?? silentLogger()
  const { config, store, clock, ids } = deps
  const adminToken = deps.adminTokenFile
    ? watchedAdminTokenFile(deps.adminTokenFile, deps.adminToken, { onError: (e) => log.error(`${e.message} The admin API is closed until it is fixed.`) })
    : fixedAdminToken(deps.adminToken)
  // Provider keys join it as they are resolved; every provider is resolved once here, so all are known from the start.
  const redactor = createSecretRedactor(() => [adminToken.current()])
  const connections = createUpstreamConnections(redactor)
  const localEngines = createLocalEngines({ modelsDir: deps.modelsDir, ...config.engines, maxAudioSeconds: config.audio.maxDurationSeconds, ids })
  const registry = createProviderRegistry([openAiProviderModule(connections), anthropicProviderModule(connections), localProviderModule(localEngines)])
  const instance = deps.instance ?? { id: `gw_${ids.token(9)}`, host: 'localhost', pid: 0, shared: false, store: { engine: 'sqlite' as const, path: ':memory:' } }
  const cluster = createInstanceRegistry({ store, clock, shared: instance.shared, self: { id: instance.id, host: instance.host, pid: instance.pid, version: GATEWAY_VERSION }, location: instance.store, log })
  // Alone on SQLite, holds stay in memory (as fast as before); several gateways on one store hold credits in it.
  const ledger = instance.shared ? createSharedCreditLedger(store, { instanceId: instance.id, retry: { log } }) : createCreditLedger(store, { retry: { log } })
  const providerConfigs = createProviderConfigs(deps.env, deps.cipher, redactor)
  for (const row of store.providers.list()) providerConfigs(row)
  const documents = createDocumentEngine(config.documents)
  // telemetry.metrics: false counts nothing (the governance bench's baseline, or an owner who wants none).
  const metricsOn = config.telemetry?.metrics !== false
  const metrics = createGatewayMetrics({ engineLoad: () => [...localEngines.stats(), ...documents.stats()], teamName: (id) => (id && store.teams.get(id)?.name) || 'none' })
  // Instances sharing a PostgreSQL store share their limits' counters; one process owns a SQLite data dir.
  const sharedStore = deps.sharedStore ?? instance.shared
  const governor = createGovernor({
    store,
    clock,
    counter: sharedStore ? storeRateCounter(store.governance) : memoryRateCounter(),
    shared: sharedStore,
    onRateLimited: (teamId, limit) => metricsOn && metrics.rateLimited(teamId, limit),
  })
  const keepsContent = (teamId: string) => governor.keepsContent(teamId)
  const telemetry = config.telemetry
  const tracer = telemetry?.otlpEndpoint
    ? createRequestTracer({ endpoint: telemetry.otlpEndpoint, headers: telemetry.otlpHeaders, serviceName: telemetry.serviceName, captureContent: telemetry.captureContent, clock, keepsContent })
    : null
  const pipeline = createPipeline({
    store,
    clock,
    ledger,
    registry,
    providerConfigs,
    log,
    localContextTokens: config.engines.llama.contextSize,
    governor,
    balancer: createBalancer(clock),
    observer: metricsOn || tracer ? telemetryObserver(metricsOn ? metrics : null, tracer?.observer) : undefined,
  })
  const keys = createKeyService(store, clock, ids, config.auth.rotationGraceSeconds)
  const steps = chatAudioSteps({ store, registry, providerConfigs, clock, ids, transcriptionModel: config.audio.chatTranscriptionModel, speechModel: config.audio.chatSpeechModel })
  const stopFollowingModels = followInstalledModels({ store, clock, ids, models: localEngines.models, modelsDir: deps.modelsDir })
  const files = createFileService({ store, blobs: deps.blobs, clock, ids, retentionSeconds: config.files.retentionSeconds })
  const toolSettings = createToolSettings({ store, cipher: deps.cipher, env: deps.env, config: config.tools.webSearch })
  const embeddings = createEmbeddingsService({ pipeline })
  // A collection with an embedding model embeds its documents and queries through that model's provider.
  const recordingIndex = createRecordingIndex({ store, clock, ids })
  const rag = createRagService({ store, clock, ids, documents, moment: recordingIndex.moment, embedders: (model) => ({ embed: (texts, signal) => embeddings.embedDirect(model, texts, signal ?? new AbortController().signal, ids.requestId()) }) })
  const ocr = createOcrEngine()
  const webSearch = createWebSearchTool({ settings: toolSettings, documents })
  const ocrTool = createOcrTool({ files, ocr, documents })
  const tools = gatewayToolsStep({ webSearch, rag: createRagTool(rag), ocr: ocrTool, now: () => clock.now() })
  const configServers = configMcpServers(config, store, deps.env)
  const mcp = createMcpHost(joinedMcpServers(configServers, storedMcpServers(store, deps.cipher, deps.env)))
  // Audio first: it turns heard audio into text before other steps read the messages, and speaks the answer they shaped.
  // MCP before the gateway tools: it turns `mcp` entries into functions, which the gateway tools pass on.
  const chat = createChatService({ pipeline, steps: [...steps, mcpToolLoopStep(mcp, () => clock.now()), tools] })
  const responses = createResponsesService({ chat, pipeline, store, clock, ids, retentionSeconds: config.responses.retentionSeconds, readFile: (teamId) => (fileId) => files.readWhole(teamId, fileId), log })
  const oauth = createOAuth({ store, clock })
  const audio = createAudioService({ pipeline })
  const recordings = createRecordingsAdmin({ store, blobs: deps.recordingBlobs, clock, ids, index: recordingIndex, shared: instance.shared })
  const watchFolderList = createWatchFolderList(store, config.audio.watchFolders)
  const watchFolders = createWatchFolders({ store, clock, audio, recordings, folders: watchFolderList.list, maxBytes: config.audio.maxUploadBytes, requestId: () => ids.requestId(), log })
  const runner = createBatchRunner({ store, files, clock, ids, runChat: runChatWith(chat, clock), concurrency: config.batches.concurrency, log, lease: instance.shared ? { instanceId: instance.id } : undefined })
  return {
    authenticate: createAuthenticator(store, clock, oauth),
    oauth,
    adminToken,
    webSessions: createWebSessions({ store, clock, ids, adminToken }),
    keys,
    pipeline,
    chat,
    responses,
    responseCache: createResponseCache({ store, clock, ledger, onHit: (row) => metricsOn && metrics.settled(row), keepsContent }),
    metrics,
    messages: createMessagesService({ pipeline, chat }),
    ollama: createOllamaService({ pipeline, chat, embeddings }),
    completions: createCompletionsService({ pipeline, chat }),
    ollamaCatalog: createOllamaCatalog(store, localEngines.loaded),
    keyless: createKeylessAccess(store),
    audio,
    embeddings,
    models: createModelList(store),
    files,
    runner,
    batches: createBatchService({ store, clock, ids, runner }),
    admin: createAdminServices({ store, clock, ids, cipher: deps.cipher, keys, configSource: config.source }, GATEWAY_VERSION, { registry, providerConfigs }),
    localModels: createLocalModelsAdmin(localEngines.models, {
      hub: createHubModels({ hub: new HubClient(config.engines.hubEndpoint), inspect: localEngines.inspect, backend: localEngines.backend }),
      engines: { backend: localEngines.backend, loaded: localEngines.loaded, stats: localEngines.stats, settings: engineSettings(config.engines) },
    }),
    recordings,
    recordingSummaries: createRecordingSummaries({ store, chat, recordings, clock }),
    watchFolders: { folders: watchFolderList, watcher: watchFolders },
    gatewayMcp: { rag, webSearch, ocr: ocrTool, audio, files, recordings },
    tools: { rag, settings: toolSettings },
    /** What `/health` reports as degraded (the usage log cannot be written), empty when all is well. */
    problems: (): string[] => [ledger.problem()].filter((p): p is string => p !== null),
    mcp,
    cluster,
    mcpServers: createMcpServersAdmin({ store, cipher: deps.cipher, clock, ids, host: mcp, configServers, configSource: config.source, env: deps.env }),
    async close() {
      await watchFolders.stop()
      stopFollowingModels()
      adminToken.close()
      responses.flush()
      governor.flush()
      ledger.flush()
      const unrecorded = ledger.close()
      if (unrecorded) log.error({ unrecorded }, 'the gateway stopped with answered requests it could not record: the usage log was not writable')
      await tracer?.close().catch((err: Error) => log.warn({ err: err.message }, 'the last traces could not be sent'))
      cluster.stop()
      await ocr.close()
      await documents.close()
      await webSearch.close()
      await mcp.close()
      await registry.close()
      await connections.closeAll()
    },
  }
}

export type GatewayServices = ReturnType<typeof createServices>
