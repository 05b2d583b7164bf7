import { pdfPageTexts } from './pdf-document'

export type DocumentFormat = 'text' | 'markdown' | 'html' | 'pdf'

const BY_EXTENSION: Record<string, DocumentFormat> = { txt: 'text', text: 'text', md: 'markdown', markdown: 'markdown', html: 'html', htm: 'html', pdf: 'pdf' }
const BY_MEDIA_TYPE: Record<string, DocumentFormat> = { 'text/plain': 'text', 'text/markdown': 'markdown', 'text/html': 'html', 'application/xhtml+xml': 'html', 'application/pdf': 'pdf' }

/** What a document is, from its content (a PDF's magic bytes), its media type or its file name; null when none says. */
export function documentFormat(name: string, bytes: Buffer, mediaType?: string): DocumentFormat | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  const byType = mediaType ? BY_MEDIA_TYPE[mediaType.split(';')[0]!.trim().toLowerCase()] : undefined
  if (byType) return byType
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase()
  return ext ? (BY_EXTENSION[ext] ?? null) : null
}

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')

/** A document's text: plain and Markdown as they are, HTML through the readability extractor, PDF from its text layer. */
export async function documentText(bytes: Uint8Array, format: DocumentFormat, maxPages: number): Promise<string> {
  switch (format) {
    case 'text':
    case 'markdown':
      return decode(bytes)
    case 'html':
      // Loaded on first use: Readability, html-to-text and linkedom weigh on every start-up otherwise.
      return (await import('./html-text')).readableText(decode(bytes)).text
    case 'pdf':
      return (await pdfPageTexts(bytes, maxPages)).filter(Boolean).join('\n\n')
  }
}
