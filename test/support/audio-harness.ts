import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { startFakeOpenAi } from './fake-openai'
import { withOpenAiClient } from './openai-client-gateway'
import { baseConfigData, startTestGateway, TEAM_KEY } from './harness'
import { narrowWhisperTestModel, TEST_WHISPER_MODEL } from '../../src/gateway/engines/engine-test-support'

/** A whisper model whose tensor headers are garbled: whisper.cpp hits GGML_ASSERT and aborts its process. */
function corruptCopy(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gh-corrupt-')), 'ggml-broken.bin')
  const bytes = readFileSync(TEST_WHISPER_MODEL)
  bytes.fill(0xff, 40, 2040)
  writeFileSync(path, bytes)
  return path
}

/**
 * A gateway with the offline engines and an OpenAI-compatible fake upstream for audio; `engines` are
 * fields of the config's engines section (vad_min_seconds, ...). `whisper-test` is the narrowed test model
 * (under a second a call), `whisper-tiny` the test model in tiny's real shape (~20 s of CPU a call).
 */
export async function startAudioHarness(engines: Record<string, unknown> = {}) {
  const upstream = await startFakeOpenAi()
  const broken = corruptCopy()
  const data = baseConfigData({
    providers: [
      { id: 'local', type: 'local' },
      { id: 'up-openai', type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream-secret-openai' },
    ],
    models: [
      { name: 'voice', provider: 'local', engine: 'tts', pricing: { per_million_characters: 15_000 } },
      { name: 'whisper-test', provider: 'local', engine: 'whisper', file: narrowWhisperTestModel(), pricing: { per_second: 0.1 } },
      { name: 'whisper-tiny', provider: 'local', engine: 'whisper', file: TEST_WHISPER_MODEL, pricing: { per_second: 0.1 } },
      { name: 'whisper-broken', provider: 'local', engine: 'whisper', file: broken },
      { name: 'base.en', provider: 'local', engine: 'whisper' },
      { name: 'tts-upstream', provider: 'up-openai', upstream: 'tts-1' },
      { name: 'whisper-upstream', provider: 'up-openai', upstream: 'whisper-1', pricing: { per_second: 1 } },
    ],
    teams: [{ name: 'alpha', keys: [TEAM_KEY] }],
    users: [],
    engines,
  })
  const served = await withOpenAiClient(await startTestGateway({ configData: data }), upstream)
  return {
    ...served,
    usageRows: () => served.gw.store.usage.list({ limit: 50 }),
    async close() {
      await served.close()
      rmSync(dirname(broken), { recursive: true, force: true })
    },
  }
}

export type AudioHarness = Awaited<ReturnType<typeof startAudioHarness>>
