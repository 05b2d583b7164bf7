import { badRequest, GatewayError } from '../../../../shared/errors'
import { ocrToolSettings, type OcrTool } from '../../../../shared/chat/types'
import type { DocumentEngine } from '../../../engines/documents/document-engine'
import { imageDimensions } from '../../../engines/documents/image-dimensions'
import type { OcrEngine } from '../../../engines/ocr/tesseract-ocr'
import type { FileService } from '../../files/file-service'
import type { Source } from '../tool-sources'

/** Pages recognized at most per file: a long scan would hold the request for minutes. */
export const MAX_OCR_PAGES = 20
/** A page with fewer characters than this in its text layer is taken for a scan and recognized. */
const MIN_TEXT_LAYER = 16
const OCR_PURPOSES = new Set(['vision', 'user_data'])

function isPdf(head: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === '%PDF-'
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(part)
  return Buffer.concat(parts)
}

/**
 * The `<vendor>_ocr` tool: the text of an uploaded PNG, JPEG or PDF. A PDF page's text layer is used
 * where it has one; other pages are rendered and recognized, offline.
 */
export function createOcrTool(deps: { files: FileService; ocr: OcrEngine; documents: DocumentEngine }) {
  const { limits } = deps.documents
  /** Pixels recognized so far by each request (its signal is one per request): the OCR tools of one request share documents.max_request_pixels. */
  const spent = new WeakMap<AbortSignal, number>()
  const spend = (signal: AbortSignal, pixels: number) => spent.set(signal, (spent.get(signal) ?? 0) + pixels)

  async function pdfText(bytes: Buffer, name: string, signal: AbortSignal, param: string): Promise<string> {
    const scan = { minTextLayer: MIN_TEXT_LAYER, maxScannedPages: MAX_OCR_PAGES, pixelsLeft: limits.maxRequestPixels - (spent.get(signal) ?? 0) }
    const { pages, scans } = await deps.documents.pdfForOcr(bytes, scan, { signal, subject: { name, param, invalidCode: 'invalid_file' } })
    for (const { page, png } of scans) {
      const image = Buffer.from(png.buffer, png.byteOffset, png.byteLength)
      const size = imageDimensions(image)
      spend(signal, size ? size.width * size.height : 0)
      pages[page - 1] = await deps.ocr.recognize(image, signal)
    }
    return pages.filter(Boolean).join('\n\n')
  }

  /** The image's own header says how large it decodes: a bomb is refused before anything decodes it. */
  function checkPixels(bytes: Buffer, name: string, param: string, signal: AbortSignal): void {
    const size = imageDimensions(bytes)
    if (!size || (size.format !== 'png' && size.format !== 'jpeg')) throw badRequest(`${param}: ${name} is not a PNG, JPEG or PDF.`, param, 'unsupported_file')
    const pixels = size.width * size.height
    if (pixels > limits.maxImagePixels) {
      throw new GatewayError({
        status: 413,
        type: 'request_too_large',
        code: 'image_too_large',
        param,
        message: `${param}: ${name} is ${size.width} x ${size.height} pixels (${pixels}); text recognition takes images of at most ${limits.maxImagePixels} pixels (documents.max_image_pixels). Scale it down.`,
      })
    }
    const before = spent.get(signal) ?? 0
    if (before + pixels > limits.maxRequestPixels) {
      throw new GatewayError({
        status: 413,
        type: 'request_too_large',
        code: 'too_many_pixels',
        param,
        message: `${param}: ${name} (${pixels} pixels) takes this request's images past ${limits.maxRequestPixels} pixels recognized (documents.max_request_pixels). Send fewer or smaller images.`,
      })
    }
    spend(signal, pixels)
  }

  return {
    async run(tool: OcrTool, teamId: string, signal: AbortSignal, param: string) {
      const fileParam = `${param}.${tool.type}.file_id`
      const { file_id: fileId } = ocrToolSettings(tool)
      const file = deps.files.get(teamId, fileId)
      if (!OCR_PURPOSES.has(file.purpose)) throw badRequest(`${fileParam}: file ${fileId} was uploaded with purpose "${file.purpose}"; upload images and PDFs for OCR with purpose "vision" or "user_data".`, fileParam, 'invalid_file_purpose')
      const bytes = await readAll(await deps.files.openContent(file))
      let text: string
      if (isPdf(bytes)) text = await pdfText(bytes, file.filename, signal, fileParam)
      else {
        checkPixels(bytes, file.filename, fileParam, signal)
        text = await deps.ocr.recognize(bytes, signal)
      }
      const source: Source = { title: file.filename, url: `gatehouse://files/${file.id}`, text }
      return { name: tool.type, input: file.id, sources: [source] }
    },
  }
}

export type OcrToolRunner = ReturnType<typeof createOcrTool>
