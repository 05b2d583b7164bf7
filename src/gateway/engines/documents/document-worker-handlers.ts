/**
 * Runs inside a document worker process (engines/host): PDF.js, Readability and chunking, away from the
 * gateway's event loop and under the worker's heap cap, so a document bomb costs its own request only.
 */
import { EngineRequestError, type EngineHandlers } from '../host/engine-protocol'
import { chunkText } from './chunk-text'
import { DocumentRefused } from './document-refused'
import type { DocumentChunksRequest, DocumentChunksResult, DocumentSubject, PdfOcrRequest, PdfOcrResult, PdfTextRequest, ReadableTextRequest } from './document-protocol'
import { documentText } from './document-text'
import { PdfReadError, pdfPageTexts, renderPdfPages } from './pdf-document'

function refusal(e: unknown, subject: DocumentSubject): unknown {
  if (e instanceof DocumentRefused) return new EngineRequestError(`${subject.param}: ${subject.name} ${e.message}`, { status: e.status, code: e.code, param: subject.param })
  if (e instanceof PdfReadError) return new EngineRequestError(`${subject.param}: ${subject.name} is ${e.message}.`, { status: 400, code: subject.invalidCode ?? 'invalid_document', param: subject.param })
  return e
}

async function naming<T>(subject: DocumentSubject, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (e) {
    throw refusal(e, subject)
  }
}

async function documentChunks(req: DocumentChunksRequest): Promise<DocumentChunksResult> {
  return naming(req, async () => {
    const text = await documentText(req.bytes, req.format, req.maxPages)
    return { characters: text.length, chunks: chunkText(text, req.chunking) }
  })
}

async function pdfText(req: PdfTextRequest): Promise<string[]> {
  return naming(req, () => pdfPageTexts(req.bytes, req.maxPages))
}

async function pdfForOcr(req: PdfOcrRequest): Promise<PdfOcrResult> {
  return naming(req, async () => {
    const pages = await pdfPageTexts(req.bytes, req.maxPages)
    const scanned = pages.flatMap((text, i) => (text.replace(/\s/g, '').length < req.minTextLayer ? [i + 1] : []))
    if (scanned.length > req.maxScannedPages) throw new DocumentRefused(400, 'too_many_pages', `has ${scanned.length} pages without text; OCR takes at most ${req.maxScannedPages}. Split it.`)
    const images = scanned.length ? await renderPdfPages(req.bytes, scanned, req.maxPages, req.render) : []
    return { pages: pages.map((text, i) => (scanned.includes(i + 1) ? '' : text)), scans: scanned.map((page, i) => ({ page, png: images[i]! })) }
  })
}

export const engineHandlers = {
  documentChunks: (req: DocumentChunksRequest) => documentChunks(req),
  // Loaded as document-text loads it (on first use), so the bundler keeps html-to-text in one chunk of its own.
  readableText: async (req: ReadableTextRequest) => (await import('./html-text')).readableText(req.html, req.url),
  pdfText: (req: PdfTextRequest) => pdfText(req),
  pdfForOcr: (req: PdfOcrRequest) => pdfForOcr(req),
} satisfies EngineHandlers
