import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { configProblems as problems } from '../../../test/support/config-problems'
import { baseConfigData } from '../../../test/support/harness'
import { useTempDirs } from '../../../test/support/temp-dirs'
import { loadConfigFile, parseConfigText, resolveConfig } from './load-config'

const tempDir = useTempDirs('gh-config-')
const base = baseConfigData() as { providers: object[]; models: object[]; teams: object[]; users: object[] }
const withModel = (i: number, patch: object) => ({ ...base, models: base.models.map((m, j) => (j === i ? { ...m, ...patch } : m)) })

describe('config errors name the field and the fix', () => {
  const cases: Array<[string, unknown, RegExp, Record<string, string>?]> = [
    ['unknown provider', withModel(2, { provider: 'x' }), /^models\[2\]\.provider: unknown provider "x" \(known: "up-openai", "up-anthropic", "local"\)$/],
    ['bad provider type', { ...base, providers: [{ id: 'p', type: 'azure' }] }, /^providers\[0\]\.type: must be one of "openai", "anthropic", "local"; got string "azure"$/],
    ['credits not a number', { ...base, credits: 'lots' }, /^credits: must be number; got string "lots"$/],
    ['negative credits', { ...base, credits: -5 }, /^credits: must be at least 0/],
    ['credits past what micro-credits count exactly', { ...base, credits: 1e300 }, /^credits: must be at most 9000000000/],
    ['short team key', { ...base, teams: [{ name: 'alpha', keys: ['short'] }], users: [] }, /^teams\[0\]\.keys\[0\]: a key must be at least 20 characters long$/],
    ['unknown team of a user', { ...base, users: [{ name: 'ana', team: 'omega' }] }, /^users\[0\]\.team: unknown team "omega"/],
    ['team enables an unknown model', { ...base, teams: [{ name: 'alpha', models: ['gpt-5'] }], users: [] }, /^teams\[0\]\.models\[0\]: unknown model "gpt-5"/],
    ['fallback to an unknown model', { ...base, teams: [{ name: 'alpha', fallbacks: { 'gpt-echo': ['nope'] } }], users: [] }, /^teams\[0\]\.fallbacks\.gpt-echo\[0\]: unknown model "nope"/],
    ['misspelt field', { ...base, modles: [] }, /^: unknown field "modles"/],
    ['duplicate model name', { ...base, models: [...base.models, base.models[0]] }, /^models\[3\]\.name: duplicate model name "gpt-echo"/],
    ['alias colliding with a name', withModel(1, { aliases: ['gpt-echo'] }), /^models\[1\]\.aliases: "gpt-echo" already names model "gpt-echo"/],
    ['upstream model missing', withModel(0, { upstream: undefined }), /^models\[0\]\.upstream: a model on the openai provider "up-openai" needs the upstream model id/],
    ['local model without engine', withModel(2, { engine: undefined }), /^models\[2\]\.engine: a model on a local provider needs an engine/],
    ['llama with a relative file', withModel(2, { engine: 'llama', file: 'models/x.gguf' }), /^models\[2\]\.file: must be the absolute path of a \.gguf file; got "models\/x\.gguf"/],
    ['bad base_url', { ...base, providers: [{ id: 'up-openai', type: 'openai', base_url: 'not a url' }, ...base.providers.slice(1)] }, /^providers\[0\]\.base_url: must be an http\(s\) URL/],
    ['env key not set', { ...base, providers: [{ id: 'up-openai', type: 'openai', api_key: 'env:OPENAI_KEY' }, ...base.providers.slice(1)] }, /^providers\[0\]\.api_key: environment variable OPENAI_KEY is not set/],
    ['duplicate key across team and user', { ...base, users: [{ name: 'ana', team: 'alpha', keys: [(base.teams[0] as { keys: string[] }).keys[0]] }] }, /^users\[0\]\.keys\[0\]: this key is already given/],
    ['bad rotation grace', { ...base, auth: { rotation_grace: 'forever' } }, /^auth\.rotation_grace: must be a duration such as "24h"/],
    ['port out of range', { ...base, server: { port: 70000 } }, /^server\.port: must be at most 65535/],
    ['responses: native on an anthropic provider', { ...base, providers: [base.providers[0], { id: 'up-anthropic', type: 'anthropic', responses: 'native' }, base.providers[2]] }, /^providers\[1\]\.responses: only an openai-type provider can serve the Responses API natively/],
    ['responses neither pivot nor native', { ...base, providers: [{ id: 'up-openai', type: 'openai', responses: 'direct' }, ...base.providers.slice(1)] }, /^providers\[0\]\.responses: must be one of "pivot", "native"; got string "direct"$/],
    ['model id not a uuid', withModel(0, { id: '1234' }), /^models\[0\]\.id: must be a UUID/],
  ]
  it.each(cases)('%s', (_name, data, expected, env) => {
    const found = problems(data, env)
    expect(found.some((p) => expected.test(p)), found.join('\n')).toBe(true)
  })

  it('store.url: a PostgreSQL URL, or absent for SQLite in the data dir', () => {
    expect(resolveConfig({ ...base, store: { url: 'postgresql://gh:pw@db:5432/gatehouse' } }, 'test.yaml', {}).store).toEqual({ url: 'postgresql://gh:pw@db:5432/gatehouse' })
    expect(resolveConfig(base, 'test.yaml', {}).store).toEqual({ url: undefined })
    expect(problems({ ...base, store: { url: 'mysql://db/gatehouse' } })).toEqual([expect.stringMatching(/^store\.url: must be a postgres:\/\/ or postgresql:\/\/ URL.*leave it out to keep SQLite/)])
  })

  it('never echoes a key in an error message', () => {
    const found = problems({ ...base, teams: [{ name: 'alpha', keys: [123456789012345] }], users: [] })
    expect(found.join('\n')).not.toContain('123456789012345')
  })

  it('reports YAML syntax errors with a line number, and a missing file plainly', () => {
    expect(() => parseConfigText('models:\n  - { name: a\n', 'x.yaml', {})).toThrow(/not valid YAML at line \d+/)
    expect(() => parseConfigText('{"credits": }', 'x.json', {})).toThrow(/not valid JSON/)
    const dir = tempDir()
    expect(() => loadConfigFile(join(dir, 'nope.yaml'), {})).toThrow(/nope\.yaml:\n {2}file not found/)
  })

  it('accepts the documented example and fills defaults', () => {
    const dir = tempDir()
    const file = join(dir, 'gatehouse.yaml')
    writeFileSync(
      file,
      `credits: 1000000
providers:
  - { id: up-openai, type: openai, base_url: "http://127.0.0.1:4010/v1", api_key: "sk-test" }
  - { id: up-anthropic, type: anthropic, base_url: "http://127.0.0.1:4011", api_key: "env:ANTHROPIC_API_KEY" }
  - { id: local, type: local }
models:
  - { name: gpt-echo, provider: up-openai, upstream: gpt-4o-mini, aliases: [echo], pricing: { input: 1000, output: 2000 } }
  - { name: claude-echo, provider: up-anthropic, upstream: claude-haiku-4-5, aliases: [claude] }
  - { name: whisper-test, provider: local, engine: whisper, file: /path/to/ggml-model.bin }
  - { name: voice, provider: local, engine: tts }
  - { name: stories, provider: local, engine: llama, file: /path/to/model.gguf }
teams:
  - { name: alpha, models: [gpt-echo, claude-echo, voice], fallbacks: { gpt-echo: [claude-echo] }, keys: ["alpha-team-key-0123456789"] }
users:
  - { name: ana, team: alpha, keys: ["ana-user-key-0123456789"] }
`,
    )
    const config = loadConfigFile(file, { ANTHROPIC_API_KEY: 'sk-ant' })
    expect(config.server).toEqual({ host: '127.0.0.1', port: 4310, ollamaPort: null, allowedHosts: [], corsOrigins: [], bodyLimitBytes: 32 * 1024 * 1024 })
    expect(config.auth.rotationGraceSeconds).toBe(86400)
    expect(config.models.map((m) => m.name)).toEqual(['gpt-echo', 'claude-echo', 'whisper-test', 'voice', 'stories'])
    expect(config.engines.llama).toEqual({ concurrency: 2, maxModels: 2, idleTimeoutMs: 300_000, contextSize: 4096, threads: undefined, gpu: 'auto', gpuLayers: 'auto', memoryBudgetBytes: undefined, maxQueue: undefined })
    expect(config.engines.hubEndpoint).toBe('https://huggingface.co')
    expect(config.audio).toMatchObject({ chatTranscriptionModel: undefined, chatSpeechModel: undefined })
  })

  it('takes the document limits and audio.max_duration, with defaults, and names a bad one', () => {
    const defaults = resolveConfig(base, 'test', {})
    expect(defaults.documents).toEqual({ maxPages: 2000, maxMemoryBytes: 512 * 1024 ** 2, timeoutMs: 120_000, maxImagePixels: 50_000_000, maxRequestPixels: 200_000_000 })
    expect(defaults.audio.maxDurationSeconds).toBe(3600)
    const set = resolveConfig({ ...base, audio: { max_duration: '90m' }, documents: { max_pages: 10, max_memory: '256mb', timeout: '30s', max_image_pixels: 4_000_000, max_request_pixels: 8_000_000 } }, 'test', {})
    expect(set.documents).toEqual({ maxPages: 10, maxMemoryBytes: 256 * 1024 ** 2, timeoutMs: 30_000, maxImagePixels: 4_000_000, maxRequestPixels: 8_000_000 })
    expect(set.audio.maxDurationSeconds).toBe(5400)
    expect(() => resolveConfig({ ...base, documents: { max_memory: '1mb' } }, 'test', {})).toThrow(/documents\.max_memory: must be at least "64mb"/)
    expect(() => resolveConfig({ ...base, audio: { max_duration: 'forever' } }, 'test', {})).toThrow(/audio\.max_duration/)
  })

  it('takes the llama engine settings, the audio models of chat, native_audio, and a llama model named for an installed one', () => {
    const config = resolveConfig(
      {
        ...base,
        models: [...base.models, { name: 'qwen2.5-0.5b-instruct', provider: 'local', engine: 'llama', parallel: 4, context_size: 8192, keep_alive: '10m', gpu_layers: 20 }, { name: 'whisper-test', provider: 'local', engine: 'whisper' }, { name: 'gpt-audio', provider: 'up-openai', upstream: 'gpt-4o-mini', native_audio: { input: true } }],
        engines: { llama_concurrency: 4, llama_max_models: 1, llama_idle_seconds: 30, llama_context_size: 2048, llama_threads: 3, gpu: 'off', llama_gpu_layers: 0, llama_memory_budget: '8gb', llama_max_queue: 4, hub_endpoint: 'http://127.0.0.1:9/hf' },
        audio: { chat_transcription_model: 'whisper-test', chat_speech_model: 'voice' },
      },
      'test',
      {},
    )
    expect(config.engines.llama).toEqual({ concurrency: 4, maxModels: 1, idleTimeoutMs: 30_000, contextSize: 2048, threads: 3, gpu: 'off', gpuLayers: 0, memoryBudgetBytes: 8 * 1024 ** 3, maxQueue: 4 })
    expect(config.engines.hubEndpoint).toBe('http://127.0.0.1:9/hf')
    expect(config.models.find((m) => m.name === 'qwen2.5-0.5b-instruct')).toMatchObject({ parallel: 4, context_size: 8192, keep_alive: 600, gpu_layers: 20 })
    expect(() => resolveConfig({ ...base, engines: { gpu: 'opencl' } }, 'test', {})).toThrow(/engines\.gpu: must be one of "auto", "off", "metal", "cuda", "vulkan"/)
    expect(() => resolveConfig({ ...base, models: [{ name: 'x', provider: 'local', engine: 'llama', keep_alive: 'soon' }] }, 'test', {})).toThrow(/models\[0\]\.keep_alive: must be seconds or a duration/)
    expect(() => resolveConfig({ ...base, models: [{ name: 'x', provider: 'local', engine: 'llama', parallel: 17 }] }, 'test', {})).toThrow(/models\[0\]\.parallel: must be at most 16/)
    expect(config.audio).toMatchObject({ chatTranscriptionModel: 'whisper-test', chatSpeechModel: 'voice' })
    expect(config.models.find((m) => m.name === 'gpt-audio')!.native_audio).toEqual({ input: true })
    expect(() => resolveConfig({ ...base, audio: { chat_speech_model: 'nope' } }, 'test', {})).toThrow(/audio\.chat_speech_model: unknown model "nope"/)
    expect(() => resolveConfig({ ...base, audio: { chat_transcription_model: 'voice' } }, 'test', {})).toThrow(/audio\.chat_transcription_model: "voice" is a speech model; name a transcription model/)
    expect(() => resolveConfig({ ...base, engines: { llama_concurrency: 0 } }, 'test', {})).toThrow(/engines\.llama_concurrency/)
  })
})
