import { availableParallelism } from 'node:os'
import { GatewayError, isGatewayError } from '../../../shared/errors'
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimitsConfig } from '../../config/gateway-config'
import { formatBytes } from '../../config/units'
import { EngineHost, type EngineDefinition, type EngineStats } from '../host/engine-host'
import { siblingModulePath } from '../host/engine-worker-launch'
import { WorkerExitedError } from '../host/engine-worker-process'
import type { ChunkOptions } from './chunk-text'
import type { DocumentChunksRequest, DocumentChunksResult, DocumentSubject, PdfOcrRequest, PdfOcrResult, PdfTextRequest, ReadableTextRequest } from './document-protocol'
import type { DocumentFormat } from './document-text'

export const DOCUMENTS_ENGINE = 'documents'

/** What one request may cost the document workers (config `documents.*`). */
export type DocumentLimits = DocumentLimitsConfig

export function documentEngineDefinition(limits: DocumentLimits, handlersModule?: string): EngineDefinition {
  return {
    kind: DOCUMENTS_ENGINE,
    handlersModule: handlersModule ?? siblingModulePath(import.meta.url, 'document-worker-handlers'),
    // parsing is single-threaded JavaScript: a worker per core at most, the rest wait their turn
    concurrency: Math.max(1, Math.min(4, availableParallelism())),
    maxQueue: 64,
    idleTimeoutMs: 60_000,
    nodeFlags: [`--max-old-space-size=${Math.max(64, Math.round(limits.maxMemoryBytes / 1024 ** 2))}`],
  }
}

/** V8's last words when a worker's heap hit its cap. */
const heapExhausted = (e: unknown) => e instanceof WorkerExitedError && /heap out of memory|Reached heap limit|Allocation failed/i.test(e.output)

interface CallOptions {
  signal?: AbortSignal
  subject: DocumentSubject
}

/**
 * The gateway's handle on the document workers: every document parse (PDF, HTML, chunking, PDF
 * rendering for OCR) runs in a worker process with a heap cap and a time limit, and is stopped when the
 * request's signal aborts. A worker that dies of its heap cap answers 413, and the next request gets a
 * fresh worker.
 */
export class DocumentEngine {
  constructor(
    private readonly host: EngineHost,
    readonly limits: DocumentLimits,
  ) {}

  chunks(bytes: Uint8Array, format: DocumentFormat, chunking: ChunkOptions, opts: CallOptions): Promise<DocumentChunksResult> {
    return this.run<DocumentChunksResult>('documentChunks', { ...opts.subject, bytes, format, chunking, maxPages: this.limits.maxPages } satisfies DocumentChunksRequest, opts)
  }

  pdfText(bytes: Uint8Array, opts: CallOptions): Promise<string[]> {
    return this.run<string[]>('pdfText', { ...opts.subject, bytes, maxPages: this.limits.maxPages } satisfies PdfTextRequest, opts)
  }

  pdfForOcr(bytes: Uint8Array, scan: { minTextLayer: number; maxScannedPages: number; pixelsLeft: number }, opts: CallOptions): Promise<PdfOcrResult> {
    const render = { maxPagePixels: this.limits.maxImagePixels, maxTotalPixels: scan.pixelsLeft }
    const req: PdfOcrRequest = { ...opts.subject, bytes, maxPages: this.limits.maxPages, minTextLayer: scan.minTextLayer, maxScannedPages: scan.maxScannedPages, render }
    return this.run<PdfOcrResult>('pdfForOcr', req, opts)
  }

  readableText(html: string, url: string | undefined, opts: CallOptions): Promise<{ title: string; text: string }> {
    return this.run('readableText', { html, url } satisfies ReadableTextRequest, opts)
  }

  stats(): EngineStats[] {
    return this.host.stats()
  }

  close(): Promise<void> {
    return this.host.close()
  }

  private async run<T>(method: string, payload: unknown, { signal, subject }: CallOptions): Promise<T> {
    const deadline = AbortSignal.timeout(this.limits.timeoutMs)
    try {
      return await this.host.run<T>(DOCUMENTS_ENGINE, method, payload, { signal: signal ? AbortSignal.any([signal, deadline]) : deadline, subject: subject.name })
    } catch (e) {
      if (deadline.aborted && !signal?.aborted) {
        throw new GatewayError({
          status: 422,
          type: 'invalid_request_error',
          code: 'document_timeout',
          param: subject.param,
          message: `${subject.param}: ${subject.name} took more than ${this.limits.timeoutMs / 1000} s to read (documents.timeout); it was stopped. Split it or send it as text.`,
        })
      }
      if (isGatewayError(e) && heapExhausted(e.cause)) {
        throw new GatewayError({
          status: 413,
          type: 'request_too_large',
          code: 'document_too_large',
          param: subject.param,
          message: `${subject.param}: ${subject.name} is too large to parse: it expands past ${formatBytes(this.limits.maxMemoryBytes)} in memory (documents.max_memory).`,
        })
      }
      throw e
    }
  }
}

/** A document engine on its own host, started on first use. */
export function createDocumentEngine(limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS, handlersModule?: string): DocumentEngine {
  return new DocumentEngine(new EngineHost({ engines: [documentEngineDefinition(limits, handlersModule)] }), limits)
}
