/**
 * Any model on Hugging Face, as the Models page finds and judges it: search, a repository's files by
 * quantization with a fit verdict for this machine (from one file's GGUF header, read with Range
 * requests before anything is downloaded), and the chat template the model will be prompted with.
 */
import { badRequest, isGatewayError, notFound } from '../../../shared/errors'
import type { GatewayConfig } from '../../config/gateway-config'
import type { HubClient } from '../../engines/model-manager/hub-client'
import type { GgufInspection, GpuBackendReport } from '../../engines/llama/llama-protocol'
import type { CatalogModel } from '../../engines/model-manager/whisper-model-catalog'
import { type FileNeeds, fitVerdict, scaledNeeds, whisperNeeds } from './fit-verdict'
import { type ModelFileChoice, installNameOf, modelFileChoices, repoKind } from './hub-files'

export interface HubModelsDeps {
  hub: HubClient
  /** Reads a GGUF header (path or URL) and estimates its memory: the llama engine's inspect. */
  inspect: (source: string) => Promise<GgufInspection>
  /** The llama backend's report: GPU or CPU, free VRAM, RAM. */
  backend: () => Promise<GpuBackendReport>
}

export function createHubModels({ hub, inspect, backend }: HubModelsDeps) {
  const repoOf = (repo: string) => hub.repo(repo)

  return {
    async search(query: string) {
      const q = query.trim()
      if (!q) throw badRequest('q is required: a few letters of the model you look for, e.g. "qwen" or "whisper".', 'q')
      const repos = await hub.search(q)
      return { data: repos.map((r) => ({ id: r.id, kind: repoKind(r), downloads: r.downloads, likes: r.likes, tags: r.tags, last_modified: r.lastModified })) }
    },

    /** The repository's model files, smallest first, each with its quantization, size and fit verdict. */
    async files(repo: string) {
      const [files, info, machine] = await Promise.all([hub.files(repo), repoOf(repo), backend()])
      const kind = repoKind(info)
      const choices = modelFileChoices(files, kind)
      if (!choices.length) throw notFound(`${repo} holds no ${kind === 'whisper' ? 'whisper.cpp ggml' : 'GGUF'} model files.`, 'hub_no_model_files', 'repo')
      let inspection: GgufInspection | null = null
      let inspectionError: string | null = null
      let needsOf: (c: ModelFileChoice) => FileNeeds = (c) => whisperNeeds(c.sizeBytes)
      if (kind !== 'whisper') {
        // One header tells the architecture and the context's share; the weights scale with each file's size.
        const probe = choices.find((c) => c.parts === 1) ?? choices[0]!
        try {
          inspection = await inspect(hub.fileUrl(repo, probe.file))
          const measured = { gpu: machine.vram ? inspection.gpu : null, cpu: inspection.cpu, weightsBytes: inspection.weightsBytes }
          const probeSize = probe.sizeBytes
          needsOf = (c) => scaledNeeds(measured, inspection!.weightsBytes * (c.sizeBytes / probeSize))
        } catch (e) {
          inspectionError = isGatewayError(e) ? e.message : (e as Error).message
          needsOf = (c) => ({ gpu: machine.vram ? { ramBytes: 0, vramBytes: c.sizeBytes } : null, cpu: { ramBytes: c.sizeBytes, vramBytes: 0 } })
        }
      }
      const memory = { vramFreeBytes: machine.vram?.freeBytes ?? null, ramTotalBytes: machine.ram.totalBytes }
      return {
        repo,
        kind: inspection?.embedding ? 'embedding' : kind,
        machine: { backend: machine.backend, vram_free_bytes: memory.vramFreeBytes, ram_total_bytes: memory.ramTotalBytes },
        header: inspection && {
          architecture: inspection.architecture,
          name: inspection.name,
          layers: inspection.layers,
          parameters: inspection.parameters,
          train_context_size: inspection.trainContextSize,
          context_size: inspection.contextSize,
          chat_template: inspection.chatTemplate,
          chat_wrapper: inspection.chatWrapper,
          template_sample: inspection.templateSample,
        },
        header_error: inspectionError,
        data: choices.map((c) => {
          const { verdict, needBytes } = fitVerdict(needsOf(c), memory)
          return { file: c.file, quant: c.quant, size_bytes: c.sizeBytes, sha256: c.sha256, parts: c.parts, name: installNameOf(c.file), verdict, need_bytes: Math.round(needBytes) }
        }),
      }
    },

    /** The catalog-like entry a download of one file needs: its URL, size and LFS sha256 from the hub's listing. */
    async entryFor(repo: string, file: string, name?: string): Promise<CatalogModel & { repo: string }> {
      const [files, info] = await Promise.all([hub.files(repo), repoOf(repo)])
      const listed = files.find((f) => f.path === file)
      if (!listed) throw notFound(`${repo} has no file "${file}"; pick one from GET /admin/local-models/hub/${repo}/files.`, 'hub_file_not_found', 'file')
      if (/-\d{5}-of-\d{5}\.gguf$/i.test(file)) throw badRequest(`${file} is one part of a split model; Gatehouse downloads single-file models only. Pick another quantization.`, 'file', 'split_model_unsupported')
      const kind = repoKind(info)
      return {
        name: name ?? installNameOf(file),
        kind,
        fileName: file.split('/').pop()!,
        url: hub.fileUrl(repo, file),
        sizeBytes: listed.sizeBytes,
        sha256: listed.sha256,
        multilingual: kind === 'whisper' ? !/\.en[.-]/i.test(file) : true,
        description: `${file} from ${repo}`,
        repo,
      }
    },
  }
}

export type HubModels = ReturnType<typeof createHubModels>

/** The engine settings every local model starts from, as `GET /admin/engines` shows them (config names). */
export function engineSettings(engines: GatewayConfig['engines']) {
  const { llama } = engines
  return {
    hub_endpoint: engines.hubEndpoint,
    gpu: llama.gpu,
    gpu_layers: llama.gpuLayers,
    parallel: llama.concurrency,
    context_size: llama.contextSize,
    keep_alive: llama.idleTimeoutMs / 1000,
    max_models: llama.maxModels,
    memory_budget_bytes: llama.memoryBudgetBytes ?? null,
    max_queue: llama.maxQueue ?? null,
  }
}
