import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import type { HubRepoInfo } from '../../../shared/admin-wire'
import { fakeGatewayApi, testStore } from '../test/fake-gateway-api'

const repo = (id: string): HubRepoInfo => ({ id, kind: 'chat', downloads: 1, likes: 0, tags: ['gguf'], last_modified: null })

describe('the hub slice', () => {
  it('shows the answer of the latest search only, when an earlier one answers after it', async () => {
    const api = fakeGatewayApi()
    const answers = new Map<string, (r: HubRepoInfo[]) => void>()
    api.searchHub = (q) => new Promise((resolve) => answers.set(q, resolve))
    const { store } = testStore(api)
    const first = store.getState().searchHub('qwen')
    const second = store.getState().searchHub('llama')
    answers.get('llama')!([repo('bartowski/Llama-3.2-1B-Instruct-GGUF')])
    await second
    answers.get('qwen')!([repo('Qwen/Qwen2.5-0.5B-Instruct-GGUF')])
    await first
    expect(store.getState().hub).toMatchObject({ query: 'llama', status: 'ready', repos: [{ id: 'bartowski/Llama-3.2-1B-Instruct-GGUF' }] })
  })

  it("keeps a repository's files error with that repository, and closes it on a second click", async () => {
    const api = fakeGatewayApi()
    api.hubFiles = async () => {
      throw new ApiError('The model hub could not list the files of x/y: HTTP 500.', { status: 502 })
    }
    const { store } = testStore(api)
    await store.getState().openHubRepo('x/y')
    expect(store.getState().hub).toMatchObject({ repo: 'x/y', filesStatus: 'error', filesError: expect.stringContaining('HTTP 500') })
    await store.getState().openHubRepo(null)
    expect(store.getState().hub).toMatchObject({ repo: null, filesStatus: 'idle', files: null })
  })

  it('loads the engines, and reads a gateway without the route as missing', async () => {
    const api = fakeGatewayApi()
    const { store } = testStore(api)
    await store.getState().loadEngines()
    expect(store.getState().engines).toMatchObject({ status: 'ready', info: { llama: null } })
    api.engines = async () => {
      throw new ApiError('Not found', { status: 404, code: 'not_found' })
    }
    await store.getState().loadEngines()
    expect(store.getState().engines.status).toBe('missing')
  })
})
