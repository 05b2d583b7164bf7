import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import OpenAI, { toFile } from 'openai'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { baseConfigData, manualClock, OTHER_TEAM_KEY, startTestGateway, TEAM_KEY, USER_KEY, type TestGateway } from '../../../../test/support/harness'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { randomIds } from '../../kernel/system-runtime'
import { newFileId } from '../../services/files/file-ids'

const newDataDir = useTempDirs('gh-files-')
let gw: TestGateway
let url: string
const client = (key = TEAM_KEY) => new OpenAI({ baseURL: `${url}/v1`, apiKey: key, maxRetries: 0 })

async function start(configData?: Record<string, unknown>, dataDir?: string, clock?: TestGateway['clock']) {
  gw = await startTestGateway({ configData, dataDir, clock })
  url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
}
beforeEach(() => start())
afterEach(async () => gw.close())

const upload = async (bytes: Buffer | string, name = 'input.jsonl', key = TEAM_KEY) =>
  client(key).files.create({ file: await toFile(Buffer.from(bytes), name), purpose: 'batch' })
type ErrorBody = { error: { message: string; type: string; code: string | null; param: string | null } }
type ListBody = { data: Array<{ id: string; purpose: string }>; hasMore: boolean; firstId: string | null; lastId: string | null; has_more: boolean }
const json = async <T>(res: Response) => (await res.json()) as T
const getWith = (path: string, key = TEAM_KEY) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } })
const status = (e: unknown) => (e as { status?: number }).status
const DAY = 86400

describe('upload, get, content, delete with the openai client', () => {
  it('returns the file object of spec 2.6 field for field, and the exact bytes back', async () => {
    const content = randomBytes(300_000)
    const file = await client().files.create({ file: await toFile(content, 'données.bin'), purpose: 'batch' })
    const now = Math.floor(gw.clock.now() / 1000)
    expect(Object.keys(file).sort()).toEqual(['bytes', 'created_at', 'expires_at', 'filename', 'id', 'object', 'purpose', 'status'])
    expect(file).toMatchObject({ object: 'file', bytes: 300_000, created_at: now, expires_at: now + 30 * DAY, filename: 'données.bin', purpose: 'batch', status: 'processed' })
    expect(file.id).toMatch(/^file-[0-9a-f]{8}[\w-]{16}$/)

    expect(await client().files.retrieve(file.id)).toEqual(file)
    const body = await client().files.content(file.id)
    expect(body.headers.get('content-type')).toBe('application/octet-stream')
    expect(body.headers.get('content-disposition')).toContain(`filename*=UTF-8''donn%C3%A9es.bin`)
    expect(Buffer.from(await body.arrayBuffer()).equals(content)).toBe(true)

    expect(await client().files.delete(file.id)).toEqual({ id: file.id, object: 'file', deleted: true })
    expect(existsSync(join(gw.dataDir, 'files', file.id))).toBe(false)
    for (const call of [() => client().files.retrieve(file.id), () => client().files.content(file.id), () => client().files.delete(file.id)]) {
      await expect(call()).rejects.toSatisfy((e) => status(e) === 404)
    }
  })

  it('answers 404 with the OpenAI error shape for unknown and malformed ids', async () => {
    for (const id of ['file-0000000000000000000000000', newFileId(1, randomIds), '..%2F..%2Fgatehouse.db']) {
      const res = await getWith(`/v1/files/${id}`)
      expect(res.status, id).toBe(404)
      expect((await json<ErrorBody>(res)).error).toMatchObject({ type: 'not_found_error', code: 'file_not_found', param: 'file_id' })
    }
  })

  it('keeps each team to its own files; a user key sees its team\'s', async () => {
    const file = await upload('{"a":1}\n')
    const beta = client(OTHER_TEAM_KEY)
    for (const call of [() => beta.files.retrieve(file.id), () => beta.files.content(file.id), () => beta.files.delete(file.id)]) {
      await expect(call()).rejects.toSatisfy((e) => status(e) === 404)
    }
    expect((await beta.files.list()).data).toEqual([])
    expect((await client(USER_KEY).files.retrieve(file.id)).id).toBe(file.id)
    expect((await client().files.list()).data.map((f) => f.id)).toEqual([file.id])
  })

  it('serves byte ranges of the content', async () => {
    const content = randomBytes(1000)
    const file = await upload(content)
    const get = (headers: Record<string, string>) => fetch(`${url}/v1/files/${file.id}/content`, { headers: { authorization: `Bearer ${TEAM_KEY}`, ...headers } })
    const part = await get({ range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000')
    expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(100, 200))).toBe(true)
    const tail = await get({ range: 'bytes=-10' })
    expect(Buffer.from(await tail.arrayBuffer()).equals(content.subarray(990))).toBe(true)
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"file-other"' })
    expect(stale.status).toBe(200)
    expect((await stale.arrayBuffer()).byteLength).toBe(1000)
    const head = await fetch(`${url}/v1/files/${file.id}/content`, { method: 'HEAD', headers: { authorization: `Bearer ${TEAM_KEY}` } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe('1000')
    expect(head.headers.get('accept-ranges')).toBe('bytes')
    const outside = await get({ range: 'bytes=1000-' })
    expect(outside.status).toBe(416)
    expect(outside.headers.get('content-range')).toBe('bytes */1000')
  })
})

describe('upload errors', () => {
  const post = (form: FormData | string, headers: Record<string, string> = {}) =>
    fetch(`${url}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, ...headers }, body: form })
  const form = (parts: Array<[string, string | Blob, string?]>) => {
    const f = new FormData()
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') f.append(name, value)
      else f.append(name, value, filename)
    }
    return f
  }
  const expect400 = async (res: Response, param: string | null, message: RegExp) => {
    expect(res.status).toBe(400)
    const { error } = await json<ErrorBody>(res)
    expect(error).toMatchObject({ type: 'invalid_request_error', param })
    expect(error.message).toMatch(message)
  }
  const blob = new Blob(['{"x":1}\n'])

  it('explains a wrong or missing purpose, a missing file and a text "file"', async () => {
    await expect(client().files.create({ file: await toFile(Buffer.from('x'), 'a.jsonl'), purpose: 'fine-tune' })).rejects.toSatisfy(
      (e) => status(e) === 400 && /purpose must be one of "batch", "vision" or "user_data".*"fine-tune"/.test((e as Error).message),
    )
    await expect400(await post(form([['file', blob, 'a.jsonl']])), 'purpose', /purpose is required/)
    await expect400(await post(form([['purpose', 'batch']])), 'file', /file is required/)
    await expect400(await post(form([['purpose', 'batch'], ['file', 'just text']])), 'file', /must be a file part/)
    await expect400(await post(form([['purpose', 'batch'], ['file', new Blob([]), 'empty.jsonl']])), 'file', /empty/)
    await expect400(await post(form([['purpose', 'batch'], ['notes', 'hi'], ['file', blob, 'a.jsonl']])), 'notes', /Unknown field "notes"/)
    await expect400(await post(form([['file', blob, 'a.jsonl'], ['file', blob, 'b.jsonl'], ['purpose', 'batch']])), 'file', /one file per upload/)
    await expect400(await post('{"purpose":"batch"}', { 'content-type': 'application/json' }), null, /multipart\/form-data/)
    const truncated = '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.jsonl"\r\n\r\nhalf a fi'
    await expect400(await post(truncated, { 'content-type': 'multipart/form-data; boundary=cut' }), null, /multipart body could not be read/)
    expect(readdirSync(join(gw.dataDir, 'files', 'tmp'))).toEqual([])
    expect((await client().files.list()).data).toEqual([])
  })

  it('answers 413 past files.max_upload, keeps the connection usable and stores nothing', async () => {
    await gw.close()
    await start(baseConfigData({ files: { max_upload: '64kb' } }))
    const big = await post(form([['purpose', 'batch'], ['file', new Blob([randomBytes(200_000)]), 'big.bin']]))
    expect(big.status).toBe(413)
    expect((await json<ErrorBody>(big)).error).toMatchObject({ type: 'request_too_large', code: 'file_too_large', param: 'file' })
    const exact = await upload(randomBytes(64 * 1024))
    expect(exact.bytes).toBe(65536)
    expect((await client().files.list()).data.map((f) => f.id)).toEqual([exact.id])
    expect(readdirSync(join(gw.dataDir, 'files', 'tmp'))).toEqual([])
  })
})

describe('an upload the client abandons', () => {
  it('leaves no temp file and no row behind', async () => {
    const boundary = 'abandoned-upload'
    const req = request(`${url}/v1/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 50_000_000 },
    })
    req.on('error', () => {})
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nbatch\r\n`)
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gone.jsonl"\r\n\r\n`)
    req.write(randomBytes(2_000_000))
    const tmp = join(gw.dataDir, 'files', 'tmp')
    for (let i = 0; i < 200 && readdirSync(tmp).length === 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(readdirSync(tmp)).toHaveLength(1)
    req.destroy()
    for (let i = 0; i < 200 && readdirSync(tmp).length > 0; i++) await new Promise((r) => setTimeout(r, 10))
    expect(readdirSync(tmp)).toEqual([])
    expect((await client().files.list()).data).toEqual([])
  })
})

describe('list', () => {
  /** Rows straight into the store (the upload path is covered above): several per second, so ties are common. */
  function seedFiles(count: number, { teamName = 'alpha', outputs = false } = {}): string[] {
    const teamId = gw.store.teams.getByName(teamName)!.id
    let second = Math.floor(gw.clock.now() / 1000) - count
    const ids: string[] = []
    gw.store.transaction(() => {
      for (let i = 0; i < count; i++) {
        if (i % 3 === 0) second += 1 + (i % 7)
        const id = newFileId(second, randomIds)
        gw.store.files.insert({ id, teamId, filename: `f${i}.jsonl`, purpose: outputs && i % 10 === 0 ? 'batch_output' : 'batch', bytes: i, createdAt: second, expiresAt: second + 30 * DAY })
        ids.push(id)
      }
    })
    return ids
  }
  const byPosition = (a: { created_at: number; id: string }, b: { created_at: number; id: string }) =>
    a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

  it('pages through 2,500 files in both orders with no gap or repeat', async () => {
    seedFiles(2450)
    for (let i = 0; i < 50; i++) await upload(`{"n":${i}}\n`, `up${i}.jsonl`)
    const all = (await client().files.list()).data
    expect(all).toHaveLength(2500)
    const asc = [...all].sort(byPosition).map((f) => f.id)
    expect(all.map((f) => f.id)).toEqual([...asc].reverse())

    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = []
      let pages = 0
      for await (const page of (await client().files.list({ limit: 97, order })).iterPages()) {
        pages++
        seen.push(...page.data.map((f) => f.id))
      }
      expect(pages).toBe(Math.ceil(2500 / 97))
      expect(new Set(seen).size).toBe(2500)
      expect(seen).toEqual(order === 'asc' ? asc : [...asc].reverse())
    }
  })

  it('lists batch input files only unless batch_output is asked for (spec 2.6)', async () => {
    const ids = seedFiles(30, { outputs: true })
    const listed = (await client().files.list()).data
    expect(listed).toHaveLength(27)
    expect(listed.every((f) => f.purpose === 'batch')).toBe(true)
    expect(new Set(listed.map((f) => f.id))).toEqual(new Set(ids.filter((_, i) => i % 10 !== 0)))
  })

  it('writes hasMore, firstId and lastId as the spec names them, and filters by purpose', async () => {
    seedFiles(30, { outputs: true })
    const page = await json<ListBody>(await getWith('/v1/files?limit=10&order=asc'))
    expect(page).toMatchObject({ object: 'list', hasMore: true, firstId: page.data[0]!.id, lastId: page.data[9]!.id, has_more: true })
    const rest = await json<ListBody>(await getWith(`/v1/files?limit=10&order=asc&after=${page.data[9]!.id}&purpose=batch`))
    expect(rest.data.length).toBeGreaterThan(0)
    expect(rest.data.every((f) => f.purpose === 'batch')).toBe(true)
    const outputs = await client().files.list({ purpose: 'batch_output' })
    expect(outputs.data.map((f) => f.filename).sort()).toEqual(['f0.jsonl', 'f10.jsonl', 'f20.jsonl'])
    const empty = await json<ListBody>(await getWith('/v1/files?purpose=batch', OTHER_TEAM_KEY))
    expect(empty).toMatchObject({ data: [], hasMore: false, firstId: null, lastId: null })
  })

  it('keeps paging when the cursor file was deleted in between', async () => {
    const ids = seedFiles(25)
    const gone: string[] = []
    let after: string | undefined
    for (;;) {
      const page = await client().files.list({ limit: 10, order: 'asc', ...(after ? { after } : {}) })
      if (page.data.length === 0) break
      for (const f of page.data) {
        await client().files.delete(f.id)
        gone.push(f.id)
      }
      after = page.data.at(-1)!.id
    }
    expect(gone.sort()).toEqual([...ids].sort())
  })

  it('refuses bad query values with 400 naming the parameter', async () => {
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=10001', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=2.5', 'limit'],
      ['order=sideways', 'order'],
      ['purpose=fine-tune', 'purpose'],
      ['after=file-abc', 'after'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const res = await getWith(`/v1/files?${query}`)
      expect(res.status, query).toBe(400)
      expect((await json<ErrorBody>(res)).error.param, query).toBe(param)
    }
    expect((await getWith('/v1/files?limit=10000')).status).toBe(200)
  })
})

describe('retention and start-up cleanup', () => {
  it('hides expired files at once and removes their bytes and rows at the next start', async () => {
    await gw.close()
    const dataDir = newDataDir()
    const clock = manualClock()
    await start(baseConfigData({ files: { retention: '1h' } }), dataDir, clock)
    const file = await upload('{"keep":false}\n')
    expect(file.expires_at! - file.created_at).toBe(3600)
    gw.clock.advance(3600_000)
    await expect(client().files.retrieve(file.id)).rejects.toSatisfy((e) => status(e) === 404)
    expect((await client().files.list()).data).toEqual([])
    expect(existsSync(join(dataDir, 'files', file.id))).toBe(true)
    await gw.close()

    await start(baseConfigData({ files: { retention: '1h' } }), dataDir, clock)
    expect(existsSync(join(dataDir, 'files', file.id))).toBe(false)
    expect(gw.store.files.exists(file.id)).toBe(false)
  })
})
