import { describe, expect, it } from 'vitest'
import { withInstalledModels } from './installed-models'
import { resolveConfig } from './load-config'

const config = (data: Record<string, unknown>) => resolveConfig({ teams: [{ name: 't' }], ...data }, 'test', {})
const installed = [
  { name: 'qwen', kind: 'chat' as const, path: '/m/qwen.gguf' },
  { name: 'bge', kind: 'embedding' as const, path: '/m/bge.gguf' },
]

describe('withInstalledModels', () => {
  it('adds each installed model to the first local provider, embedding models with their kind', () => {
    const out = withInstalledModels(config({ providers: [{ id: 'up', type: 'openai', base_url: 'http://x/v1' }, { id: 'offline', type: 'local' }] }), installed)
    expect(out.models).toEqual([
      { name: 'qwen', provider: 'offline', engine: 'llama', file: '/m/qwen.gguf' },
      { name: 'bge', provider: 'offline', engine: 'llama', file: '/m/bge.gguf', kind: 'embedding' },
    ])
  })

  it('leaves out a model whose name, alias or file the config already uses', () => {
    const out = withInstalledModels(
      config({
        providers: [{ id: 'local', type: 'local' }],
        models: [
          { name: 'mine', provider: 'local', engine: 'llama', file: '/m/qwen.gguf' },
          { name: 'voice', provider: 'local', engine: 'tts', aliases: ['bge'] },
        ],
      }),
      installed,
    )
    expect(out.models.map((m) => m.name)).toEqual(['mine', 'voice'])
  })

  it('offers nothing without a local provider', () => {
    const base = config({ providers: [{ id: 'up', type: 'openai', base_url: 'http://x/v1' }] })
    expect(withInstalledModels(base, installed)).toBe(base)
  })
})
