import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs'

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

async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  const lib = await loadPdfJs()
  try {
    return await lib.getDocument({
      // PDF.js takes the buffer over; a copy keeps the caller's bytes intact
      data: new Uint8Array(data),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
      standardFontDataUrl: pathToFileURL(join(packageDir(), 'standard_fonts') + '/').href,
    }).promise
  } catch (err) {
    throw new PdfReadError(`not a readable PDF (${(err as Error).message})`)
  }
}

/** Each page's text layer (empty for a scanned page); lines end where PDF.js saw a line end. */
export async function pdfPageTexts(data: Uint8Array): Promise<string[]> {
  const doc = await openPdf(data)
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

/** Renders pages (1-based) to PNG at `scale` (2 is about 144 dpi), for OCR of pages without a text layer. */
export async function renderPdfPages(data: Uint8Array, pageNumbers: number[], scale = 2): Promise<Buffer[]> {
  const { createCanvas } = await import('@napi-rs/canvas')
  const doc = await openPdf(data)
  try {
    const images: Buffer[] = []
    for (const n of pageNumbers) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale })
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
