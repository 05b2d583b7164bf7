import type { FastifyBaseLogger } from 'fastify'
import { anthropicProviderModule } from '../providers/anthropic/anthropic-provider'
import { createLocalEngines } from '../providers/local/local-engines'
import { localProviderModule } from '../providers/local/local-provider'
import { openAiProviderModule } from '../providers/openai/openai-provider'
import { createProviderRegistry } from '../providers/registry'
import { createUpstreamConnections } from '../providers/upstream/upstream-connection'
import { createAdminServices } from '../services/admin/admin-services'
import { createLocalModelsAdmin } from '../services/admin/local-models-admin'
import { createAudioService } from '../services/audio/audio-service'
import { createAuthenticator } from '../services/auth/authenticate'
import { createBatchRunner } from '../services/batches/batch-runner'
import { createBatchService } from '../services/batches/batch-service'
import { runChatWith } from '../services/batches/run-chat'
import { createChatService } from '../services/chat/chat-service'
import { createCreditLedger } from '../services/credits/credit-ledger'
import { createFileService } from '../services/files/file-service'
import { createKeyService } from '../services/keys/key-service'
import { createMessagesService } from '../services/messages/messages-service'
import { createPipeline } from '../services/pipeline/pipeline'
import { createModelList } from '../services/routing/model-access'
import { createProviderConfigs } from '../services/routing/provider-configs'
import { createOcrEngine } from '../engines/ocr/tesseract-ocr'
import { gatewayToolsStep } from '../services/tools/gateway-tools-step'
import { createOcrTool } from '../services/tools/ocr/ocr-tool'
import { noEmbeddings } from '../services/tools/rag/embedder'
import { createRagService } from '../services/tools/rag/rag-service'
import { createRagTool } from '../services/tools/rag/rag-tool'
import { createToolSettings } from '../services/tools/tool-settings'
import { createWebSearchTool } from '../services/tools/web-search/web-search-tool'
import { silentLogger } from '../kernel/logging'
import { GATEWAY_VERSION } from '../kernel/version'
import type { GatewayDeps } from './gateway-deps'

/**
 * Every service of the gateway, built once: the provider registry (upstream APIs and local engines
 * registered alike), the one request pipeline over it, and the services of each endpoint group.
 */
export function createServices(deps: GatewayDeps) {
  const log: FastifyBaseLogger = deps.logger ?? silentLogger()
  const { config, store, clock, ids } = deps
  const connections = createUpstreamConnections()
  const localEngines = createLocalEngines({ modelsDir: deps.modelsDir, ...config.engines })
  const registry = createProviderRegistry([openAiProviderModule(connections), anthropicProviderModule(connections), localProviderModule(localEngines)])
  const ledger = createCreditLedger(store)
  const providerConfigs = createProviderConfigs(deps.env, deps.cipher)
  const pipeline = createPipeline({ store, clock, ledger, registry, providerConfigs })
  const keys = createKeyService(store, clock, ids, config.auth.rotationGraceSeconds)
  const files = createFileService({ store, blobs: deps.blobs, clock, ids, retentionSeconds: config.files.retentionSeconds })
  const toolSettings = createToolSettings({ store, cipher: deps.cipher, env: deps.env, config: config.tools.webSearch })
  // Vector search in RAG collections: the embeddings service goes here when it lands (issue 11).
  const rag = createRagService({ store, clock, ids, embedders: noEmbeddings })
  const ocr = createOcrEngine()
  const webSearch = createWebSearchTool({ settings: toolSettings })
  const tools = gatewayToolsStep({ webSearch, rag: createRagTool(rag), ocr: createOcrTool({ files, ocr }), now: () => clock.now() })
  const chat = createChatService({ pipeline, steps: [tools] })
  const runner = createBatchRunner({ store, files, clock, ids, runChat: runChatWith(chat, clock), concurrency: config.batches.concurrency, log })
  return {
    authenticate: createAuthenticator(store, clock),
    keys,
    pipeline,
    chat,
    messages: createMessagesService({ pipeline }),
    audio: createAudioService({ pipeline }),
    models: createModelList(store),
    files,
    runner,
    batches: createBatchService({ store, clock, ids, runner }),
    admin: createAdminServices({ store, clock, ids, cipher: deps.cipher, keys, configSource: config.source }, GATEWAY_VERSION, { registry, providerConfigs }),
    localModels: createLocalModelsAdmin(localEngines.models),
    tools: { rag, settings: toolSettings },
    async close() {
      ledger.flush()
      await ocr.close()
      await webSearch.close()
      await registry.close()
      await connections.closeAll()
    },
  }
}

export type GatewayServices = ReturnType<typeof createServices>
