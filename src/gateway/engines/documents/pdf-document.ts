import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs'
import { DocumentRefused } from './document-refused'

type PdfJs = typeof PdfJsModule
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>

const require = createRequire(import.meta.url)
let pdfjs: Promise<PdfJs> | undefined
// PDF.js's legacy build runs on every Node the gateway supports; it loads lazily, as few requests need it.
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'))
const packageDir = () => dirname(require.resolve('pdfjs-dist/package.json'))

/** A PDF that cannot be read: the tools answer 400 naming the file. */
export class PdfReadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PdfReadError'
  }
}

/** Rendering as OCR sees a page: 2 is about 144 dpi. */
export const OCR_RENDER_SCALE = 2
/** Below 72 dpi body text is a few pixels tall: OCR reads nothing, so such a page is refused rather than rendered. */
const MIN_OCR_SCALE = 1

export interface PdfRenderLimits {
  /** Pixels of one rendered page at most: a larger page is rendered at a smaller scale. */
  maxPagePixels: number
  /** Pixels of all pages rendered for one request at most. */
  maxTotalPixels: number
}

async function openPdf(data: Uint8Array, maxPages: number, maxImagePixels = -1): Promise<PdfDocument> {
  const lib = await loadPdfJs()
  let doc: PdfDocument
  try {
    doc = await lib.getDocument({
      // PDF.js takes the buffer over; a copy keeps the caller's bytes intact
      data: new Uint8Array(data),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
      // typed arrays live outside the heap cap: an embedded image past this is skipped, not decoded
      maxImageSize: maxImagePixels,
      standardFontDataUrl: pathToFileURL(join(packageDir(), 'standard_fonts') + '/').href,
    }).promise
  } catch (err) {
    throw new PdfReadError(`not a readable PDF (${(err as Error).message})`)
  }
  // the page count comes from the page tree, before any page is parsed
  if (doc.numPages > maxPages) {
    await doc.destroy()
    throw new DocumentRefused(413, 'too_many_pages', `has ${doc.numPages} pages; the gateway reads PDFs of at most ${maxPages} pages (documents.max_pages). Split it.`)
  }
  return doc
}

/** Each page's text layer (empty for a scanned page); lines end where PDF.js saw a line end. */
export async function pdfPageTexts(data: Uint8Array, maxPages: number): Promise<string[]> {
  const doc = await openPdf(data, maxPages)
  try {
    const pages: string[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      let text = ''
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '')
      pages.push(text.trim())
      page.cleanup()
    }
    return pages
  } finally {
    await doc.destroy()
  }
}

const points = (n: number) => `${Math.round(n)} pt`

/**
 * The scale each page renders at for OCR: 144 dpi, less for a page that would pass `maxPagePixels`.
 * Every page is measured before any is rendered, so a request over its pixel budget costs nothing.
 */
function renderScales(sizes: Array<{ page: number; width: number; height: number }>, limits: PdfRenderLimits): number[] {
  let total = 0
  const scales = sizes.map(({ page, width, height }) => {
    const scale = Math.min(OCR_RENDER_SCALE, Math.sqrt(limits.maxPagePixels / Math.max(1, width * height)))
    if (scale < MIN_OCR_SCALE) {
      throw new DocumentRefused(
        400,
        'page_too_large',
        `has a page (page ${page}) of ${points(width)} x ${points(height)}; text recognition renders a page at most ${limits.maxPagePixels} pixels (documents.max_image_pixels), too few to read a page that large. Crop or split the page.`,
      )
    }
    total += Math.ceil(width * scale) * Math.ceil(height * scale)
    return scale
  })
  if (total > limits.maxTotalPixels) {
    throw new DocumentRefused(
      413,
      'too_many_pixels',
      `needs ${total} pixels rendered to recognize its ${sizes.length} pages without text; one request renders at most ${limits.maxTotalPixels} (documents.max_request_pixels). Split it.`,
    )
  }
  return scales
}

/** Renders pages (1-based) to PNG for OCR of pages without a text layer, within the pixel limits. */
export async function renderPdfPages(data: Uint8Array, pageNumbers: number[], maxPages: number, limits: PdfRenderLimits): Promise<Buffer[]> {
  const { createCanvas } = await import('@napi-rs/canvas')
  const doc = await openPdf(data, maxPages, limits.maxPagePixels)
  try {
    const sizes = []
    for (const n of pageNumbers) {
      const page = await doc.getPage(n)
      const { width, height } = page.getViewport({ scale: 1 })
      sizes.push({ page: n, width, height })
    }
    const scales = renderScales(sizes, limits)
    const images: Buffer[] = []
    for (const [i, n] of pageNumbers.entries()) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: scales[i]! })
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
      const ctx = canvas.getContext('2d')
      ctx.fillStyle = '#ffffff'
      ctx.fillRect(0, 0, canvas.width, canvas.height)
      await page.render({ canvas: canvas as never, canvasContext: ctx as never, viewport }).promise
      images.push(await canvas.encode('png'))
      page.cleanup()
    }
    return images
  } finally {
    await doc.destroy()
  }
}
