import { join } from 'node:path'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { TEST_LLAMA_MODEL } from '../../../../test/support/llama-models'
import { useTempDirs } from '../../../../test/support/temp-dirs'
import { startGateway } from '../../boot/start-gateway'
import { defaultConfig, resolveConfig } from '../../config/load-config'
import { ModelManager } from '../../engines/model-manager/model-manager'

/**
 * A person who downloaded local models chats with them with no YAML: every installed chat and
 * embedding model is a model of the built-in config's local provider, at start-up and as soon as the
 * model manager installs one; deleting it in the model manager removes it.
 */
const noYaml = () => {
  const config = defaultConfig()
  config.server.port = 0
  return config
}
const newDataDir = useTempDirs('gh-installed-')
const modelNames = async (client: OpenAI) => (await client.models.list()).data.map((m) => m.id).sort()

describe('installed local models without a config file', () => {
  it('are listed, answer chat and embeddings, follow installs and deletes, and keep their ids across restarts', async () => {
    const dataDir = newDataDir()
    const manager = new ModelManager({ modelsDir: join(dataDir, 'models') })
    await manager.import(TEST_LLAMA_MODEL, { name: 'stories-chat' })
    await manager.import(TEST_LLAMA_MODEL, { name: 'stories-vec', kind: 'embedding' })

    const first = await startGateway({ config: noYaml(), dataDir, env: {} })
    const key = first.firstRunKey!.plaintext
    let ids: string[]
    try {
      const client = new OpenAI({ baseURL: `${first.url}/v1`, apiKey: key, maxRetries: 0 })
      expect(await modelNames(client)).toEqual(['stories-chat', 'stories-vec', 'voice'])
      const answer = await client.chat.completions.create({ model: 'stories-chat', messages: [{ role: 'user', content: 'Once upon a time' }], max_completion_tokens: 8 })
      expect(answer.choices[0]!.message.content).toEqual(expect.any(String))
      expect(answer.usage!.completion_tokens).toBeGreaterThan(0)
      const vectors = await client.embeddings.create({ model: 'stories-vec', input: 'a cat', encoding_format: 'float' })
      expect(vectors.data[0]!.embedding).toHaveLength(64)
      ids = ['stories-chat', 'stories-vec'].map((n) => first.store.models.getByName(n)!.id)

      const adminHeaders = { authorization: `Bearer ${first.adminToken}`, 'content-type': 'application/json' }
      const imported = await fetch(`${first.url}/admin/local-models/import`, { method: 'POST', headers: adminHeaders, body: JSON.stringify({ path: TEST_LLAMA_MODEL, name: 'stories-late' }) })
      expect(imported.status).toBe(201)
      expect(await modelNames(client)).toEqual(['stories-chat', 'stories-late', 'stories-vec', 'voice'])
      const late = first.store.models.getByName('stories-late')!
      const edit = await fetch(`${first.url}/admin/models/${late.id}`, { method: 'PATCH', headers: adminHeaders, body: JSON.stringify({ aliases: ['late'] }) })
      expect(edit.status).toBe(409)
      const removed = await fetch(`${first.url}/admin/local-models/stories-late`, { method: 'DELETE', headers: { authorization: adminHeaders.authorization } })
      expect(await removed.json()).toEqual({ name: 'stories-late', deleted: true })
      expect(await modelNames(client)).toEqual(['stories-chat', 'stories-vec', 'voice'])
    } finally {
      await first.close()
    }

    await manager.delete('stories-vec')
    const second = await startGateway({ config: noYaml(), dataDir, env: {} })
    try {
      const client = new OpenAI({ baseURL: `${second.url}/v1`, apiKey: key, maxRetries: 0 })
      expect(await modelNames(client)).toEqual(['stories-chat', 'voice'])
      expect(second.store.models.getByName('stories-chat')!.id).toBe(ids[0])
    } finally {
      await second.close()
    }
  })

  it('can be named in a config (no file) so a team that lists its models gets one; one not installed says how to get it', async () => {
    const dataDir = newDataDir()
    await new ModelManager({ modelsDir: join(dataDir, 'models') }).import(TEST_LLAMA_MODEL, { name: 'stories-chat' })
    const config = resolveConfig(
      {
        credits: 100,
        server: { port: 0 },
        providers: [{ id: 'local', type: 'local' }],
        models: [
          { name: 'stories-chat', provider: 'local', engine: 'llama' },
          { name: 'qwen2.5-0.5b-instruct', provider: 'local', engine: 'llama' },
        ],
        teams: [{ name: 'listed', models: ['stories-chat', 'qwen2.5-0.5b-instruct'] }],
      },
      'test',
      {},
    )
    const gateway = await startGateway({ config, dataDir, env: {} })
    try {
      const client = new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: gateway.firstRunKey!.plaintext, maxRetries: 0 })
      expect(await modelNames(client)).toEqual(['qwen2.5-0.5b-instruct', 'stories-chat'])
      const answer = await client.chat.completions.create({ model: 'stories-chat', messages: [{ role: 'user', content: 'Once upon a time' }], max_completion_tokens: 4 })
      expect(answer.usage!.completion_tokens).toBeGreaterThan(0)
      await expect(client.chat.completions.create({ model: 'qwen2.5-0.5b-instruct', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
        status: 404,
        code: 'model_not_installed',
        message: expect.stringContaining('qwen2.5-0.5b-instruct-q4_k_m.gguf'),
      })
    } finally {
      await gateway.close()
    }
  })
})
