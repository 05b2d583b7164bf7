import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startFakeOpenAi } from '../../../test/support/fake-openai'
import { bigConversation, chatter, chatUntil, unitCosts, type Answered } from '../../../test/support/fault-drill'
import { admin, baseConfigData, startTestGateway, TEAM_KEY } from '../../../test/support/harness'
import { waitFor } from '../../../test/support/serve-child'
import { holdWriteLock, mountTmpfs, pageCapFiller, tmpfsFiller } from '../../../test/support/storage-faults'
import { useTempDirs } from '../../../test/support/temp-dirs'

const tempDir = useTempDirs('gh-storage-faults-')
const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** A real gateway on `dataDir` listening on loopback, in front of a fake OpenAI upstream. */
async function startGatewayOn(dataDir: string) {
  const upstream = await startFakeOpenAi()
  cleanups.push(() => upstream.close())
  const data = baseConfigData()
  data.providers = [
    { id: 'up-openai', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-openai' },
    { id: 'up-anthropic', type: 'anthropic', base_url: 'http://127.0.0.1:9', api_key: 'sk-ant-upstream-secret' },
    { id: 'local', type: 'local' },
  ]
  const gw = await startTestGateway({ configData: data, dataDir })
  cleanups.push(() => gw.close())
  const url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
  const chat = chatter(url)

  const health = async () => {
    const res = await fetch(`${url}/health`)
    expect(res.status).toBe(200)
    return (await res.json()) as { status: string; problems: string[]; version: string; uptime_s: number }
  }
  const rowOf = (id: string) => gw.store.usage.get(id)
  return { gw, url, chat, health, rowOf, dbFile: join(dataDir, 'gatehouse.db') }
}

type Gateway = Awaited<ReturnType<typeof startGatewayOn>>

/** Every answered request has its row, charged what the same request cost before the fault, and the balance paid exactly that. */
async function expectAllRecorded(g: Gateway, answered: Answered[], unit: { plain: number; stream: number }, balanceBefore: number) {
  await waitFor(async () => ((await g.health()).status === 'ok' ? true : undefined), 'health ok again')
  // A stream's client may see its last event a moment before its request settles.
  for (const a of answered) {
    const row = await waitFor(() => g.rowOf(a.id), `usage row of ${a.id} (${answered.indexOf(a)} of ${answered.length})`, 5000)
    expect(row).toMatchObject({ status: 200, state: 'done', creditsMicro: a.stream ? unit.stream : unit.plain })
  }
  const charged = answered.reduce((sum, a) => sum + (a.stream ? unit.stream : unit.plain), 0)
  expect(g.gw.store.company.balanceMicro()).toBe(balanceBefore - charged)
}

const post = (url: string, body: unknown, method = 'POST') => fetch(url, { method, headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('a gateway whose database another process holds locked', () => {
  it('answers chats and /health (degraded) while the lock is held, refuses admin writes with 503, and records and charges every answered request once it is released', async () => {
    const g = await startGatewayOn(tempDir())
    const unit = await unitCosts(g.chat, g.rowOf)
    const balanceBefore = g.gw.store.company.balanceMicro()

    // The key's last use is due to be written again: the lock must not fail the request that writes it.
    g.gw.clock.advance(2 * 60_000)
    const held = holdWriteLock(g.dbFile)
    cleanups.push(held.release)
    const heldUntil = Date.now() + 3000
    const healthSeen: string[] = []
    const [answered] = await Promise.all([
      chatUntil(g.chat, 4, () => Date.now() > heldUntil),
      (async () => {
        while (Date.now() < heldUntil) {
          healthSeen.push((await g.health()).status)
          await new Promise((r) => setTimeout(r, 100))
        }
      })(),
    ])
    const during = await g.health()
    expect(during.status).toBe('degraded')
    expect(during.problems).toEqual([expect.stringMatching(/^usage_log_unwritable: the database is locked by another process; \d+ answered requests? wait to be recorded$/)])
    expect(healthSeen).toContain('degraded')

    // A stored completion is paid for once answered: the lock costs its stored copy, not the answer.
    const stored = await fetch(`${g.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-echo', store: true, messages: [{ role: 'user', content: 'Count this one.' }] }) })
    expect(stored.status).toBe(200)
    answered.push({ id: stored.headers.get('x-request-id')!, stream: false })
    // A stored response too: its copy is written after the answer, and that write failing must not end the process.
    const response = await fetch(`${g.url}/v1/responses`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'gpt-echo', input: 'Keep this one.' }) })
    expect(response.status).toBe(200)
    const responseRequestId = response.headers.get('x-request-id')!
    await new Promise((r) => setTimeout(r, 50))
    expect((await g.health()).status).toBe('degraded')

    const refused = await post(`${g.url}/admin/conversations`, bigConversation)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'database_locked', message: expect.stringMatching(/locked by another process/) })

    held.release()
    expect(answered.length).toBeGreaterThan(0)
    const responseRow = await waitFor(() => g.rowOf(responseRequestId), 'usage row of the stored response', 5000)
    expect(responseRow).toMatchObject({ status: 200, state: 'done', endpoint: 'responses' })
    await expectAllRecorded(g, answered, unit, balanceBefore - responseRow.creditsMicro)
    expect((await post(`${g.url}/admin/conversations`, bigConversation)).status).toBe(201)
  })
})

describe('a gateway whose disk fills up', () => {
  it('answers chats while nothing can be written, answers 507 on admin and recording writes, and records every answered request once space is back, without a restart', async () => {
    const mount = mountTmpfs(join(tempDir(), 'data'))
    const g = await startGatewayOn(mount?.dir ?? tempDir())
    if (mount) cleanups.splice(1, 0, mount.unmount) // unmounted after the gateway closed
    const disk = mount ? tmpfsFiller(mount.dir) : pageCapFiller(g.gw.store.db)
    const recording = (await (await post(`${g.url}/admin/recordings`, { title: 'Meeting', sample_rate: 16000 })).json()) as { id: string }
    const unit = await unitCosts(g.chat, g.rowOf)
    const balanceBefore = g.gw.store.company.balanceMicro()

    disk.fill()
    cleanups.push(disk.free)
    // Small rows may still fit pages of a capped database: chat until a commit needed more.
    let rounds = 0
    const answered = await chatUntil(g.chat, 4, async () => (await g.health()).status === 'degraded' || ++rounds > 400)
    const during = await g.health()
    expect(during.problems, `still ok after ${answered.length} chats on a ${disk.kind} full disk`).toEqual([expect.stringMatching(/^usage_log_unwritable: the disk holding the data dir is full; \d+ answered requests? wait to be recorded$/)])
    // Chats go on being answered (and held) while the log waits.
    for (let i = 0; i < 4; i++) answered.push({ id: await g.chat(i % 2 === 1), stream: i % 2 === 1 })

    const writes = [
      await post(`${g.url}/admin/conversations`, bigConversation),
      await post(`${g.url}/admin/recordings/${recording.id}`, { transcript: { text: 'word '.repeat(4000), segments: [] } }, 'PATCH'),
    ]
    if (disk.kind === 'tmpfs') {
      // The blob dirs are full too: the recording's audio and an upload.
      writes.push(await fetch(`${g.url}/admin/recordings/${recording.id}/chunks/0`, { method: 'PUT', headers: { ...admin, 'content-type': 'application/octet-stream' }, body: Buffer.alloc(32_000) }))
      const form = new FormData()
      form.append('purpose', 'batch')
      form.append('file', new Blob([Buffer.alloc(64_000, 'a')]), 'input.jsonl')
      writes.push(await fetch(`${g.url}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${TEAM_KEY}` }, body: form }))
    }
    for (const res of writes) {
      expect(res.status, res.url).toBe(507)
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: 'insufficient_storage', message: expect.stringMatching(/disk holding the data dir is full/) })
    }

    disk.free()
    await expectAllRecorded(g, answered, unit, balanceBefore)
    expect((await post(`${g.url}/admin/conversations`, bigConversation)).status).toBe(201)
    const chunk = await fetch(`${g.url}/admin/recordings/${recording.id}/chunks/0`, { method: 'PUT', headers: { ...admin, 'content-type': 'application/octet-stream' }, body: Buffer.alloc(32_000) })
    expect(chunk.status).toBe(200)
  })
})
