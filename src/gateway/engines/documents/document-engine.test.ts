import { afterAll, describe, expect, it } from 'vitest'
import { pdfBomb, pdfOfPages } from '../../../../test/support/document-fixtures'
import { DEFAULT_DOCUMENT_LIMITS } from '../../config/gateway-config'
import { createDocumentEngine } from './document-engine'

const subject = { name: 'report.pdf', param: 'file' }
const chunking = { size: 1000, overlap: 100 }

describe('document engine', () => {
  const engine = createDocumentEngine()
  const hasty = createDocumentEngine({ ...DEFAULT_DOCUMENT_LIMITS, timeoutMs: 1000 })
  afterAll(async () => {
    await engine.close()
    await hasty.close()
  })

  it('stops a parse that runs past documents.timeout with 422 naming the field, and stops its worker', async () => {
    const e = await hasty.chunks(pdfBomb(128), 'pdf', chunking, { subject }).catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 422, code: 'document_timeout', param: 'file' })
    expect((e as Error).message).toContain('report.pdf took more than 1 s to read (documents.timeout)')
    await expect.poll(() => hasty.stats()[0]).toMatchObject({ kind: 'documents', running: 0, workers: 0, workersLost: 1 })
  })

  it('reads the text layer of a PDF', async () => {
    const text = Buffer.from('BT /F1 12 Tf 72 700 Td (Quarterly numbers) Tj ET', 'latin1')
    const read = await engine.chunks(pdfOfPages([{ width: 612, height: 792, content: text }]), 'pdf', chunking, { subject })
    expect(read.chunks.map((c) => c.text)).toEqual(['Quarterly numbers'])
  })

  it('answers 400 naming the file for bytes that are no PDF', async () => {
    const e = await engine.chunks(Buffer.from('%PDF-1.7 and nothing else'), 'pdf', chunking, { subject }).catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 400, code: 'invalid_document', param: 'file' })
    expect((e as Error).message).toMatch(/^file: report\.pdf is not a readable PDF/)
  })
})
