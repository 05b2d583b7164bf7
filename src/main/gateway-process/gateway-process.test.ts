import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import OpenAI, { toFile } from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { missingAudioTools, missingToolsReason, useAudioFixtures } from '../../../test/support/audio-fixtures'
import { pdfOfPages } from '../../../test/support/document-fixtures'
import { startFakeOpenAi } from '../../../test/support/fake-openai'
import { type FakeServer } from '../../../test/support/fake-upstream'
import { gatewayConfigFile, nodeGatewayLauncher } from '../../../test/support/gateway-child'
import { TEAM_KEY } from '../../../test/support/harness'
import { TEST_LLAMA_MODEL } from '../../../test/support/llama-models'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { TEST_VAD_MODEL, TEST_WHISPER_MODEL } from '../../gateway/engines/engine-test-support'
import { type GatewayReady, GatewaySupervisor } from '../gateway-supervisor'

const { silenceWav } = useAudioFixtures()

/**
 * `npm run build`'s main-process bundle, started in plain Node (no Electron) the way the desktop app
 * starts it: the engine workers, ffmpeg, whisper's native binding, the TTS wasm and the renderer must
 * all be found from the bundle's own layout, not from the sources.
 */
const outDir = resolve(`out/test-build-${process.pid}`)
const tempDir = useTempDirs('gh-built-', { afterFile: true })
let upstream: FakeServer
let supervisor: GatewaySupervisor
let ready: GatewayReady
let client: OpenAI

beforeAll(async () => {
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--outDir', outDir, '--logLevel', 'warn'], { stdio: 'inherit' })
  upstream = await startFakeOpenAi()
  const dir = tempDir()
  const configFile = gatewayConfigFile(dir, upstream.url, [
    { name: 'whisper-test', provider: 'local', engine: 'whisper', file: TEST_WHISPER_MODEL },
    { name: 'stories', provider: 'local', engine: 'llama', file: TEST_LLAMA_MODEL },
  ])
  const dataDir = join(dir, 'data')
  const launcher = nodeGatewayLauncher(join(outDir, 'main', 'gateway-process.cjs'))
  ready = await new Promise<GatewayReady>((resolveReady, reject) => {
    supervisor = new GatewaySupervisor({
      launch: launcher.launch,
      request: () => ({ dataDir, configFile, port: 0, lockOwner: 'desktop' }),
      onReady: resolveReady,
      onState: (s) => {
        if (s.kind === 'restarting' || s.kind === 'failed') reject(new Error(`the built gateway did not start: ${JSON.stringify(s)}`))
      },
    })
    supervisor.start()
  })
  client = new OpenAI({ baseURL: `${ready.url}/v1`, apiKey: TEAM_KEY, maxRetries: 0, timeout: 120_000 })
}, 240_000)

afterAll(async () => {
  await supervisor?.stop()
  await upstream?.close()
  rmSync(outDir, { recursive: true, force: true })
})

/** The command lines of the engine workers running on this machine (Linux /proc), spaces between args. */
function engineWorkerCommandLines(): string[] {
  const lines: string[] = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
      if (argv.includes('engine-worker-main') && argv.includes(outDir)) lines.push(argv)
    } catch {
      // the process ended meanwhile
    }
  }
  return lines
}

describe('the built gateway process in plain Node', () => {
  it('chats through an upstream provider', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-echo', messages: [{ role: 'user', content: 'from the bundle' }] })
    expect(completion.choices[0]!.message.content).toBe('echo: from the bundle')
  })

  it('chats offline with a local GGUF model: node-llama-cpp runs in a bundled worker', async () => {
    const completion = await client.chat.completions.create({ model: 'stories', messages: [{ role: 'user', content: 'Once upon a time' }], max_completion_tokens: 8, temperature: 0 })
    expect(completion.choices[0]!.message.content!.length).toBeGreaterThan(0)
    expect(completion.usage!.completion_tokens).toBeGreaterThan(0)
    if (process.platform === 'linux') expect(engineWorkerCommandLines().some((argv) => argv.includes(join(outDir, 'main', 'llama-worker-handlers.js')))).toBe(true)
  })

  it('speaks with the offline TTS engine, encoded to mp3 by the packaged ffmpeg', async () => {
    const speech = await client.audio.speech.create({ model: 'voice', voice: 'alloy', input: 'Hello from the bundled gateway.', response_format: 'mp3' })
    const bytes = Buffer.from(await speech.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(2000)
    // an ID3 tag or an MPEG frame sync
    expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)).toBe(true)
  })

  it('transcribes: ffmpeg decodes, whisper.cpp native binding runs Silero VAD in a bundled worker', { timeout: 120_000 }, async (ctx) => {
    const missing = missingAudioTools()
    if (missing.length) ctx.skip(missingToolsReason(missing))
    const imported = await fetch(`${ready.url}/admin/local-models/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: TEST_VAD_MODEL, name: 'silero-v6.2.0' }),
    })
    expect(imported.status).toBe(201)
    // 35 s of silence: the VAD finds no speech, so whisper's 17 s decode of the weightless test model never runs
    const data = await client.audio.transcriptions.create({ file: await toFile(readFileSync(silenceWav(35)), 'silence.wav'), model: 'whisper-test', response_format: 'verbose_json' })
    expect(data.duration).toBeGreaterThan(34.5)
    expect(data.text).toBe('')
    if (process.platform === 'linux') {
      const workers = engineWorkerCommandLines()
      expect(workers.some((argv) => argv.includes(join(outDir, 'main', 'whisper-worker-handlers.js')))).toBe(true)
      expect(workers.every((argv) => argv.startsWith(process.execPath) && argv.includes(join(outDir, 'main', 'engine-worker-main.js')) && !argv.includes('tsx'))).toBe(true)
    }
  })

  it('reads a PDF in a bundled document worker: PDF.js runs out of the gateway process', async () => {
    const admin = { authorization: `Bearer ${ready.adminToken}` }
    const created = await fetch(`${ready.url}/admin/collections`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bundle' }) })
    const { id } = (await created.json()) as { id: string }
    const form = new FormData()
    const text = Buffer.from('BT /F1 12 Tf 72 700 Td (Read in a bundled worker) Tj ET', 'latin1')
    form.append('file', new Blob([new Uint8Array(pdfOfPages([{ width: 612, height: 792, content: text }]))]), 'letter.pdf')
    const added = await fetch(`${ready.url}/admin/collections/${id}/documents`, { method: 'POST', headers: admin, body: form })
    expect(added.status).toBe(201)
    expect(await added.json()).toMatchObject({ format: 'pdf', chunks: 1, characters: 'Read in a bundled worker'.length })
    if (process.platform === 'linux') expect(engineWorkerCommandLines().some((argv) => argv.includes(join(outDir, 'main', 'document-worker-handlers.js')))).toBe(true)
  })

  it('serves the built renderer at / from the bundle layout', async () => {
    expect(existsSync(join(outDir, 'renderer', 'index.html'))).toBe(true)
    const page = await fetch(`${ready.url}/`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
  })
})
