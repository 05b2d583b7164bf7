import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ollama } from 'ollama'
import { TEAM_KEY } from '../../../test/support/harness'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolveConfig } from '../config/load-config'
import { startGateway, type RunningGateway } from './start-gateway'

/** `server.ollama_port`: a second listener with the Ollama API only, for tools that assume Ollama's port. */
const dirs: string[] = []
const tempDir = (prefix: string) => {
  dirs.push(mkdtempSync(join(tmpdir(), prefix)))
  return dirs.at(-1)!
}
let gw: RunningGateway
let off: RunningGateway
beforeAll(async () => {
  const base = { credits: 100, teams: [{ name: 'alpha', keys: [TEAM_KEY] }] }
  gw = await startGateway({ config: resolveConfig({ ...base, server: { port: 0, ollama_port: 0 } }, 'test', {}), dataDir: tempDir('gh-ollama-port-'), env: {}, lockOwner: false })
  off = await startGateway({ config: resolveConfig({ ...base, server: { port: 0 } }, 'test', {}), dataDir: tempDir('gh-ollama-off-'), env: {}, lockOwner: false })
})
afterAll(async () => {
  await gw?.close()
  await off?.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('server.ollama_port', () => {
  it('serves the Ollama API on its own port, with a key, and nothing else', async () => {
    expect(gw.ollamaUrl).not.toBeNull()
    expect(gw.ollamaUrl).not.toBe(gw.url)
    const ollama = new Ollama({ host: gw.ollamaUrl!, headers: { Authorization: `Bearer ${TEAM_KEY}` } })
    expect((await ollama.version()).version).toMatch(/^\d+\./)
    expect(Array.isArray((await ollama.list()).models)).toBe(true)
    expect(await (await fetch(`${gw.ollamaUrl}/`, { headers: { accept: 'text/html' } })).text()).toBe('Ollama is running')
    const other = await fetch(`${gw.ollamaUrl}/v1/models`, { headers: { authorization: `Bearer ${TEAM_KEY}` } })
    expect(other.status).toBe(404)
    expect((await fetch(`${gw.ollamaUrl}/api/tags`)).status).toBe(401)
  })

  it('is off by default', () => {
    expect(off.ollamaUrl).toBeNull()
  })
})
