import type { ChunkOptions, TextChunk } from './chunk-text'
import type { DocumentFormat } from './document-text'
import type { PdfRenderLimits } from './pdf-document'

/** How a refusal names the document and the request field: "report.pdf has 6000 pages ..." on `file`. */
export interface DocumentSubject {
  name: string
  param: string
  /** The error code of a file that is no readable PDF. Default `invalid_document`. */
  invalidCode?: string
}

export interface DocumentChunksRequest extends DocumentSubject {
  bytes: Uint8Array
  format: DocumentFormat
  maxPages: number
  chunking: ChunkOptions
}

export interface DocumentChunksResult {
  characters: number
  chunks: TextChunk[]
}

export interface ReadableTextRequest {
  html: string
  url?: string
}

export interface PdfTextRequest extends DocumentSubject {
  bytes: Uint8Array
  maxPages: number
}

export interface PdfOcrRequest extends PdfTextRequest {
  /** A page with fewer characters than this in its text layer is taken for a scan and rendered. */
  minTextLayer: number
  /** Scanned pages rendered at most. */
  maxScannedPages: number
  render: PdfRenderLimits
}

export interface PdfOcrResult {
  /** Each page's text layer, '' for a scan. */
  pages: string[]
  /** The scanned pages (1-based) as PNG, for OCR. */
  scans: Array<{ page: number; png: Uint8Array }>
}
