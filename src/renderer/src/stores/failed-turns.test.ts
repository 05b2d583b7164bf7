import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import type { ChatRequestBody } from '../api/chat-types'
import { choice, fakeGatewayApi, result, testStore } from '../test/fake-gateway-api'

const rateLimited = () => new ApiError('The provider "up" is rate limiting requests: slow down', { status: 429, code: 'upstream_rate_limited' })
const userTurns = (body: ChatRequestBody) => body.messages.filter((m) => m.role === 'user').length

describe('failed turns: shown with Retry, never resent silently', () => {
  it('keeps a turn the provider refused (429), marked failed; a new send is refused until it is settled', async () => {
    let fail = true
    const api = fakeGatewayApi(async (body) => {
      if (fail) throw rateLimited()
      return result([choice('at last')], body.model)
    })
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    await store.getState().send('Hello?')
    const [turn] = store.getState().playground.messages
    expect(store.getState().playground.messages).toHaveLength(1)
    expect(turn).toMatchObject({ role: 'user', content: 'Hello?', failed: { status: 429, code: 'upstream_rate_limited', model: 'gpt-echo' } })
    expect(store.getState().run.error).toBeNull()

    store.getState().setComposerText('Are you there?')
    await store.getState().sendComposer()
    expect(api.calls).toHaveLength(1)
    expect(store.getState().composer.text).toBe('Are you there?')
    expect(store.getState().run.error).toMatch(/retry it, edit it or discard it first/)

    fail = false
    await store.getState().retryFailed()
    expect(api.calls).toHaveLength(2)
    expect(userTurns(api.calls[1]!.body)).toBe(1)
    expect(api.calls[1]!.body.messages).toEqual([{ role: 'user', content: 'Hello?' }])
    expect(store.getState().playground.messages.map((m) => [m.role, m.content, m.failed])).toEqual([['user', 'Hello?', undefined], ['assistant', 'at last', undefined]])
  })

  it('retries with another model, and remembers the model that answered as the default', async () => {
    const api = fakeGatewayApi(async (body) => {
      if (body.model === 'gpt-echo') throw rateLimited()
      return result([choice('other answered')], body.model)
    })
    const { store, storage } = testStore(api)
    store.getState().setModel('gpt-echo')
    await store.getState().send('Hi')
    await store.getState().retryFailed('other')
    expect(api.calls.map((c) => [c.body.model, userTurns(c.body)])).toEqual([['gpt-echo', 1], ['other', 1]])
    expect(store.getState().playground.model).toBe('other')
    expect(storage.get('gatehouse.lastModel')).toBe('other')
    store.getState().setModel('gpt-echo')
    store.getState().newConversation()
    expect(store.getState().playground.model).toBe('other')
  })

  it('Edit takes the failed turn back into the composer; Discard drops it', async () => {
    const { store } = testStore(fakeGatewayApi(async () => {
      throw new ApiError('Cannot reach the gateway (Failed to fetch).', { status: 0, code: 'network_error' })
    }))
    store.getState().setModel('gpt-echo')
    await store.getState().send('First try')
    store.getState().editFailed()
    expect(store.getState().playground.messages).toEqual([])
    expect(store.getState().composer.text).toBe('First try')

    await store.getState().sendComposer()
    expect(store.getState().playground.messages[0]!.failed).toMatchObject({ status: 0, code: 'network_error' })
    store.getState().discardFailed()
    expect(store.getState().playground.messages).toEqual([])
  })

  it('a model that refused the request (upstream 400) keeps the turn for Edit; a gateway refusal hands it back', async () => {
    let error = new ApiError('The provider "up" rejected the request: bad', { status: 400, code: 'upstream_rejected' })
    const { store } = testStore(fakeGatewayApi(async () => {
      throw error
    }))
    store.getState().setModel('gpt-echo')
    await store.getState().send('one')
    expect(store.getState().playground.messages[0]!.failed?.code).toBe('upstream_rejected')
    store.getState().discardFailed()

    error = new ApiError('The model "gpt-echo" is not enabled for your team "default".', { status: 400, code: 'model_not_enabled', param: 'model' })
    await store.getState().send('two')
    expect(store.getState().playground.messages).toEqual([])
    expect(store.getState().composer.text).toBe('two')
    expect(store.getState().run.error).toMatch(/not enabled/)
  })
})
