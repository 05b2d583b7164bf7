import { badRequest } from '../../../../shared/errors'
import { ocrToolSettings, type OcrTool } from '../../../../shared/chat/types'
import type { OcrEngine } from '../../../engines/ocr/tesseract-ocr'
import { pdfPageTexts, PdfReadError, renderPdfPages } from '../../../engines/pdf/pdf-document'
import type { FileService } from '../../files/file-service'
import type { Source } from '../tool-sources'

/** Pages recognized at most per file: a long scan would hold the request for minutes. */
export const MAX_OCR_PAGES = 20
/** A page with fewer characters than this in its text layer is taken for a scan and recognized. */
const MIN_TEXT_LAYER = 16
const OCR_PURPOSES = new Set(['vision', 'user_data'])

type ImageKind = 'png' | 'jpeg' | 'pdf'

function kindOf(head: Buffer): ImageKind | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  return null
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
export function createOcrTool(deps: { files: FileService; ocr: OcrEngine }) {
  async function pdfText(bytes: Buffer, signal: AbortSignal, param: string): Promise<string> {
    let layers: string[]
    try {
      layers = await pdfPageTexts(new Uint8Array(bytes))
    } catch (err) {
      if (err instanceof PdfReadError) throw badRequest(`${param}: the file is ${err.message}.`, param, 'invalid_file')
      throw err
    }
    const scanned = layers.flatMap((text, i) => (text.replace(/\s/g, '').length < MIN_TEXT_LAYER ? [i + 1] : []))
    if (scanned.length > MAX_OCR_PAGES) throw badRequest(`${param}: the PDF has ${scanned.length} pages without text; OCR takes at most ${MAX_OCR_PAGES}. Split it.`, param, 'too_many_pages')
    const images = scanned.length ? await renderPdfPages(new Uint8Array(bytes), scanned) : []
    const pages = [...layers]
    for (const [j, n] of scanned.entries()) pages[n - 1] = await deps.ocr.recognize(images[j]!, signal)
    return pages.filter(Boolean).join('\n\n')
  }

  return {
    async run(tool: OcrTool, teamId: string, signal: AbortSignal, param: string) {
      const fileParam = `${param}.${tool.type}.file_id`
      const { file_id: fileId } = ocrToolSettings(tool)
      const file = deps.files.get(teamId, fileId)
      if (!OCR_PURPOSES.has(file.purpose)) throw badRequest(`${fileParam}: file ${fileId} was uploaded with purpose "${file.purpose}"; upload images and PDFs for OCR with purpose "vision" or "user_data".`, fileParam, 'invalid_file_purpose')
      const bytes = await readAll(await deps.files.openContent(file))
      const kind = kindOf(bytes)
      if (!kind) throw badRequest(`${fileParam}: ${file.filename} is not a PNG, JPEG or PDF.`, fileParam, 'unsupported_file')
      const text = kind === 'pdf' ? await pdfText(bytes, signal, fileParam) : await deps.ocr.recognize(bytes, signal)
      const source: Source = { title: file.filename, url: `gatehouse://files/${file.id}`, text }
      return { name: tool.type, input: file.id, sources: [source] }
    },
  }
}

export type OcrToolRunner = ReturnType<typeof createOcrTool>
