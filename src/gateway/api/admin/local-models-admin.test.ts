import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { admin, baseConfigData, startTestGateway, type TestGateway } from '../../../../test/support/harness'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { TEST_VAD_MODEL } from '../../engines/engine-test-support'

const tempDir = useTempDirs('gh-mirror-', { afterFile: true })
let gw: TestGateway
let url: string
beforeAll(async () => {
  const mirror = tempDir()
  copyFileSync(TEST_VAD_MODEL, join(mirror, 'ggml-silero-v6.2.0.bin'))
  gw = await startTestGateway({ configData: baseConfigData({ engines: { models_mirror: mirror } }) })
  url = await gw.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => gw.close())

const list = async () => (await gw.app.inject({ method: 'GET', url: '/admin/local-models', headers: admin })).json().data as Array<{ name: string; installed: unknown; downloading: boolean }>

describe('local model manager admin API', () => {
  it('lists the catalog, downloads from the mirror with progress events, then shows the model installed', async () => {
    expect((await list()).find((m) => m.name === 'silero-v6.2.0')).toMatchObject({ installed: null, downloading: false })
    const events = await fetch(`${url}/admin/local-models/events`, { headers: admin })
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = events.body!.getReader()
    const started = await gw.app.inject({ method: 'POST', url: '/admin/local-models/silero-v6.2.0/download', headers: admin })
    expect(started.statusCode).toBe(202)
    let text = ''
    while (!text.includes('event: installed')) text += new TextDecoder().decode((await reader.read()).value)
    await reader.cancel()
    expect(text).toMatch(/event: progress\ndata: \{"name":"silero-v6.2.0"/)
    expect((await list()).find((m) => m.name === 'silero-v6.2.0')!.installed).toMatchObject({ kind: 'vad', sizeBytes: 885098 })
  })

  it('names unknown models, and deletes installed ones', async () => {
    const unknown = await gw.app.inject({ method: 'POST', url: '/admin/local-models/huge-model/download', headers: admin })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toMatch(/No downloadable model is called "huge-model"/)
    const deleted = await gw.app.inject({ method: 'DELETE', url: '/admin/local-models/silero-v6.2.0', headers: admin })
    expect(deleted.json()).toEqual({ name: 'silero-v6.2.0', deleted: true })
    expect((await list()).find((m) => m.name === 'silero-v6.2.0')!.installed).toBeNull()
  })

  it('imports a local file, checked against the catalog', async () => {
    const res = await gw.app.inject({ method: 'POST', url: '/admin/local-models/import', headers: admin, payload: { path: TEST_VAD_MODEL, name: 'silero-v6.2.0' } })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ name: 'silero-v6.2.0', kind: 'vad', source: 'import' })
  })
})
