import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, bearer, startTestGateway, TEAM_KEY, type TestGateway } from '../../../test/support/harness'

let gw: TestGateway
let url: string
let collection: string
beforeAll(async () => {
  gw = await startTestGateway()
  url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  const res = await fetch(`${url}/admin/collections`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'notes' }) })
  collection = ((await res.json()) as { id: string }).id
})
afterAll(async () => gw.close())

/** Every multipart route, with the text fields it needs besides the file. */
const routes = (): Array<{ path: string; auth: Record<string, string>; fields: Record<string, string> }> => [
  { path: '/v1/files', auth: bearer(TEAM_KEY), fields: { purpose: 'batch' } },
  { path: '/v1/audio/transcriptions', auth: bearer(TEAM_KEY), fields: { model: 'voice' } },
  { path: '/v1/audio/translations', auth: bearer(TEAM_KEY), fields: { model: 'voice' } },
  { path: '/admin/recordings/upload', auth: admin, fields: { title: 'memo' } },
  { path: `/admin/collections/${collection}/documents`, auth: admin, fields: { name: 'notes.txt' } },
]

/** A form whose `file` part has a Content-Disposition without a filename, as a hand-built client may send it. */
function formWithoutFilename(fields: Record<string, string>, boundary: string, fileType: string): string {
  const text = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: ${fileType}\r\n\r\nsome bytes\r\n`
  return `${text.join('')}${file}--${boundary}--\r\n`
}

describe('a multipart file part without a filename', () => {
  it('is a 400 naming "file" and how to send it, on every multipart route', async () => {
    // busboy reads an octet-stream part without a filename as a file, a text/plain one as a text field
    for (const [route, fileType] of routes().flatMap((r) => [[r, 'application/octet-stream'], [r, 'text/plain']] as const)) {
      const boundary = 'nofilename'
      const res = await fetch(`${url}${route.path}`, {
        method: 'POST',
        headers: { ...route.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: formWithoutFilename(route.fields, boundary, fileType),
      })
      const body = (await res.json()) as { error: { param: string; code: string; message: string } }
      expect([route.path, fileType, res.status, body.error.param, body.error.code]).toEqual([route.path, fileType, 400, 'file', 'missing_filename'])
      expect(body.error.message).toContain('filename="<name.ext>"')
    }
    const health = await fetch(`${url}/health`)
    expect(health.status).toBe(200)
  })
})
