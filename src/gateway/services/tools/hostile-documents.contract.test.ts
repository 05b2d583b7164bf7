import { toFile } from 'openai'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { childProcesses, isRunning } from '../../../../test/support/child-processes'
import { pdfBomb, pdfOfPages, pngClaiming } from '../../../../test/support/document-fixtures'
import { startFakeServer } from '../../../../test/support/fake-upstream'
import { admin, TEAM_KEY } from '../../../../test/support/harness'

const WORKER = 'document-worker-handlers'
const status = (e: unknown) => (e as { status?: number }).status
const errorOf = (e: unknown) => (e as { error?: { code?: string; param?: string; message?: string } }).error ?? {}

async function newCollection(h: ChatHarness): Promise<string> {
  const res = await h.gw.app.inject({ method: 'POST', url: '/admin/collections', headers: admin, payload: { name: `c${Math.random().toString(36).slice(2)}` } })
  return res.json().id
}

/** Uploads a document to a collection over a real socket, as the admin UI does. */
function upload(h: ChatHarness, collection: string, name: string, bytes: Buffer, signal?: AbortSignal) {
  const form = new FormData()
  form.append('file', new Blob([bytes]), name)
  return fetch(`${h.url}/admin/collections/${collection}/documents`, { method: 'POST', headers: admin, body: form, signal })
}

/** Polls until a document worker process other than `known` is running; undefined if `done()` comes first. */
async function busyWorker(done: () => boolean, known: number[] = []): Promise<number | undefined> {
  while (!done()) {
    const [pid] = childProcesses(WORKER).filter((p) => !known.includes(p))
    if (pid !== undefined) return pid
    await sleep(20)
  }
  return undefined
}

/** Documents, pages and images built to exhaust the gateway: each costs its own request a clear 4xx, never the gateway. */
describe.skipIf(process.platform !== 'linux')('hostile documents (worker processes seen through /proc)', () => {
  describe('limits', () => {
    let h: ChatHarness
    beforeAll(async () => {
      h = await startChatHarness({ documents: { max_memory: '128mb', max_pages: 50 } })
    })
    afterAll(() => h.close())

    it('a PDF whose content inflates past documents.max_memory answers 413; /health answers while it is parsed; the gateway goes on', async () => {
      const collection = await newCollection(h)
      let settled = false
      const pending = upload(h, collection, 'bomb.pdf', pdfBomb(32)).finally(() => (settled = true))
      let healthyWhileParsing = false
      for (let pid = await busyWorker(() => settled); pid !== undefined && !settled && !healthyWhileParsing; ) {
        const health = await fetch(`${h.url}/health`)
        healthyWhileParsing = health.status === 200 && !settled && isRunning(pid)
      }
      const res = await pending
      expect(healthyWhileParsing).toBe(true)
      expect(res.status).toBe(413)
      const { error } = (await res.json()) as { error: { code: string; param: string; message: string } }
      expect(error).toMatchObject({ code: 'document_too_large', param: 'file' })
      expect(error.message).toContain('bomb.pdf is too large to parse: it expands past 128 MB')
      expect(error.message).toContain('documents.max_memory')

      const after = await upload(h, collection, 'note.txt', Buffer.from('The gateway is still here after the bomb.'))
      expect(after.status).toBe(201)
    }, 120_000)

    it('a PDF of more pages than documents.max_pages answers 413 naming the field', async () => {
      const res = await upload(h, await newCollection(h), 'long.pdf', pdfOfPages(Array.from({ length: 51 }, () => ({ width: 612, height: 792 }))))
      expect(res.status).toBe(413)
      const { error } = (await res.json()) as { error: { code: string; param: string; message: string } }
      expect(error).toMatchObject({ code: 'too_many_pages', param: 'file' })
      expect(error.message).toContain('long.pdf has 51 pages; the gateway reads PDFs of at most 50 pages (documents.max_pages)')
    })

    const ocr = async (bytes: Buffer, name: string) => {
      const file = await h.client.files.create({ file: await toFile(bytes, name), purpose: 'vision' })
      return h.client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Read it.' }], tools: [{ type: 'acme_ocr', acme_ocr: { file_id: file.id } }] as never }).catch((e: unknown) => e)
    }

    it('an image whose header claims 30,000 x 30,000 pixels answers 413 before anything decodes it', async () => {
      const e = await ocr(pngClaiming(30_000, 30_000), 'bomb.png')
      expect([status(e), errorOf(e)]).toEqual([413, expect.objectContaining({ code: 'image_too_large', param: 'tools[0].acme_ocr.file_id' })])
      expect(errorOf(e).message).toContain('bomb.png is 30000 x 30000 pixels')
      expect(errorOf(e).message).toContain('documents.max_image_pixels')
    })

    it("20 blank 5,000 pt pages answer 413 naming documents.max_request_pixels before any is rendered", async () => {
      const e = await ocr(pdfOfPages(Array.from({ length: 20 }, () => ({ width: 5000, height: 5000 }))), 'posters.pdf')
      expect([status(e), errorOf(e)]).toEqual([413, expect.objectContaining({ code: 'too_many_pixels', param: 'tools[0].acme_ocr.file_id' })])
      expect(errorOf(e).message).toContain('documents.max_request_pixels')
    })

    it('a page with a 14,400 pt MediaBox answers 400 naming the page', async () => {
      const e = await ocr(pdfOfPages([{ width: 14_400, height: 14_400 }]), 'huge.pdf')
      expect([status(e), errorOf(e)]).toEqual([400, expect.objectContaining({ code: 'page_too_large', param: 'tools[0].acme_ocr.file_id' })])
      expect(errorOf(e).message).toContain('huge.pdf has a page (page 1) of 14400 pt x 14400 pt')
    })
  })

  describe('a client that goes away', () => {
    let h: ChatHarness
    beforeAll(async () => {
      h = await startChatHarness({ tools: { web_search: { allow_private_addresses: true } } })
    })
    afterAll(() => h.close())

    it('stops the worker parsing the PDF its web_search tool fetched', async () => {
      const web = await startFakeServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdfBomb(128)))
      try {
        const known = childProcesses(WORKER)
        const controller = new AbortController()
        let settled = false
        const tools = [{ type: 'web_search', web_search: { mcp: { type: 'url', options: { tool: 'universal', url: `${web.url}/report.pdf` } } } }]
        const pending = fetch(`${h.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-echo', messages: [{ role: 'user', content: 'Summarize the report.' }], tools }),
          signal: controller.signal,
        })
          .then((res) => res.status)
          .catch((e: Error) => e.name)
          .finally(() => (settled = true))
        const pid = await busyWorker(() => settled, known)
        expect(pid).toBeDefined()
        controller.abort()
        expect(await pending).toBe('AbortError')
        await expect.poll(() => isRunning(pid!), { timeout: 30_000 }).toBe(false)
      } finally {
        await web.close()
      }
    })

    it('stops the worker parsing its document', async () => {
      const collection = await newCollection(h)
      const controller = new AbortController()
      let settled = false
      const pending = upload(h, collection, 'bomb.pdf', pdfBomb(128), controller.signal)
        .then((res) => res.status)
        .catch((e: Error) => e.name)
        .finally(() => (settled = true))
      const pid = await busyWorker(() => settled, childProcesses(WORKER))
      expect(pid).toBeDefined()
      controller.abort()
      expect(await pending).toBe('AbortError')
      // a worker that finished its job would stay for the next one: this one was stopped
      await expect.poll(() => isRunning(pid!), { timeout: 30_000 }).toBe(false)
    })
  })
})
