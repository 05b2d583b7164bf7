import { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { characterAccuracy, OCR_LINES, renderText } from '../../../../test/support/document-fixtures'
import { missingTools } from '../../engines/engine-test-support'

type Msg = { role: string; content: string }
const status = (e: unknown) => (e as { status?: number }).status
const errorOf = (e: unknown) => (e as { error?: { code?: string; param?: string } }).error ?? {}

const missing = missingTools(['gs'])

/** OCR of uploads through `/v1/chat/completions` with the official client; Tesseract (WASM) really runs. */
describe.skipIf(missing.length > 0)(`OCR tool (needs Debian's ghostscript to render test pages${missing.length ? `; missing: ${missing.join(', ')}` : ''})`, () => {
  let h: ChatHarness
  beforeAll(async () => {
    h = await startChatHarness()
  })
  afterAll(() => h.close())

  const upload = async (bytes: Buffer, name: string, purpose: 'vision' | 'user_data' | 'batch') => (await h.client.files.create({ file: await toFile(bytes, name), purpose })).id

  /** Asks with the OCR tool on `fileId`; returns the text the model was given for it. */
  async function recognized(fileId: string): Promise<string> {
    await h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'What does the page say?' }], tools: [{ type: 'acme_ocr', acme_ocr: { file_id: fileId } }] as never })
    const messages = h.openai.requests.at(-1)!.json.messages as Msg[]
    const context = messages.find((m) => m.role === 'system')!.content
    const marker = `URL: gatehouse://files/${fileId}\n`
    expect(context).toContain(marker)
    return context.slice(context.indexOf(marker) + marker.length).trim()
  }

  it('recognizes at least 95% of the characters of a PNG and of a scanned PDF', async () => {
    const expected = OCR_LINES.join('\n')
    const png = await recognized(await upload(renderText(OCR_LINES, 'png'), 'scan.png', 'vision'))
    const pdf = await recognized(await upload(renderText(OCR_LINES, 'scanned-pdf'), 'scan.pdf', 'user_data'))
    const accuracy = { png: characterAccuracy(expected, png), pdf: characterAccuracy(expected, pdf) }
    console.log('OCR character accuracy', accuracy)
    expect(accuracy.png).toBeGreaterThanOrEqual(0.95)
    expect(accuracy.pdf).toBeGreaterThanOrEqual(0.95)
    expect(h.usageRows()[0]!.tools).toEqual([expect.objectContaining({ type: 'acme_ocr', status: 'ok', sources: [{ title: 'scan.pdf', url: expect.stringMatching(/^gatehouse:\/\/files\/file-/) }] })])
  })

  it("uses a PDF's text layer as it is", async () => {
    expect(await recognized(await upload(renderText(OCR_LINES, 'text-pdf'), 'letter.pdf', 'user_data'))).toBe(OCR_LINES.join('\n'))
  })

  it('refuses files of another purpose or kind, naming the field', async () => {
    const ask = (fileId: string) =>
      h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'acme_ocr', acme_ocr: { file_id: fileId } }] as never }).catch((e: unknown) => e)
    const batch = await ask(await upload(Buffer.from('{"custom_id":"a"}\n'), 'lines.jsonl', 'batch'))
    expect([status(batch), errorOf(batch)]).toEqual([400, expect.objectContaining({ code: 'invalid_file_purpose', param: 'tools[0].acme_ocr.file_id' })])
    const text = await ask(await upload(Buffer.from('just words'), 'notes.txt', 'vision'))
    expect([status(text), errorOf(text)]).toEqual([400, expect.objectContaining({ code: 'unsupported_file' })])
    expect(status(await ask('file-doesnotexist'))).toBe(404)
  })
})
