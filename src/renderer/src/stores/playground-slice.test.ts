import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import { choice, fakeGatewayApi, result, testStore } from '../test/fake-gateway-api'

const ready = async (model = 'gpt-echo') => {
  const t = testStore()
  t.store.getState().setModel(model)
  return t
}

describe('playground slice: sending and streaming', () => {
  it('adds the user message, streams the answer into a placeholder, and keeps usage, cost and timing', async () => {
    const api = fakeGatewayApi(async (_body, opts) => {
      opts.onUpdate?.([choice('Hel', { finishReason: null })])
      expect(store.getState().run.status).toBe('running')
      expect(store.getState().playground.messages.at(-1)).toMatchObject({ role: 'assistant', pending: true, content: 'Hel' })
      return result([choice('Hello!')])
    })
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    store.getState().setSystemPrompt('Be brief.')
    await store.getState().send('Hi')

    const [user, answer] = store.getState().playground.messages
    expect(user).toMatchObject({ role: 'user', content: 'Hi' })
    expect(answer).toMatchObject({ role: 'assistant', content: 'Hello!', pending: false })
    expect(answer!.answer!.meta).toMatchObject({ latencyMs: 20, usage: { svc_credits_cost: 0.01 } })
    expect(store.getState().run).toEqual({ status: 'idle', error: null, problems: null })
    expect(api.calls[0]!.body).toMatchObject({ model: 'gpt-echo', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] })
    expect(api.calls[0]!.apiKey).toBe('gth-team-secret-1')
  })

  it('issues the playground key once and reuses it; a refused key is replaced once', async () => {
    const api = fakeGatewayApi(async (_b, opts) => {
      if (opts.apiKey === 'gth-team-secret-2') throw new ApiError('revoked', { status: 401, code: 'revoked_api_key' })
      return result([choice('ok')])
    })
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    await store.getState().send('one')
    await store.getState().send('two')
    expect(api.calls.map((c) => c.apiKey)).toEqual(['gth-team-secret-1', 'gth-team-secret-1'])
    expect(store.getState().access).toMatchObject({ teamId: 'team-1', keyId: 'key-1', own: false })

    store.getState().forgetApiKey()
    await store.getState().send('three')
    expect(api.calls.map((c) => c.apiKey).slice(2)).toEqual(['gth-team-secret-2', 'gth-team-secret-3'])
    expect(store.getState().playground.messages.at(-1)!.content).toBe('ok')
  })

  it('saves the conversation after each answer: created once, then updated', async () => {
    const { store, api } = await ready()
    await store.getState().send('First question')
    const id = store.getState().conversationId
    expect(id).toBe('conv-1')
    expect(store.getState().conversationTitle).toBe('First question')
    await store.getState().send('Second')
    expect(store.getState().conversationId).toBe(id)
    expect((api.conversationsStore.get(id!)!.data.messages as unknown[]).length).toBe(4)
    expect(store.getState().conversations.list.map((c) => c.id)).toEqual([id])
  })

  it('does not send an invalid request, and says what to fix', async () => {
    const { store, api } = await ready()
    store.getState().setParam('temperature', '3')
    store.getState().setToolsText('[{"type": "function", "function": {"name": "bad name"}}]')
    await store.getState().send('Hi')
    expect(api.calls).toHaveLength(0)
    const run = store.getState().run
    expect(run.problems?.params.temperature).toBe('Must be from 0 to 2.')
    expect(run.problems?.tools).toMatch(/function.name/)
    expect(run.error).toMatch(/temperature/)
    // Issue 12: a request refused before sending never adds the user turn (it used to stay behind).
    expect(store.getState().playground.messages).toHaveLength(0)
  })

  it('shows the gateway\'s error and drops the empty placeholder', async () => {
    const { store } = testStore(fakeGatewayApi(async () => {
      throw new ApiError('The company has run out of credits.', { status: 402 })
    }))
    store.getState().setModel('gpt-echo')
    await store.getState().send('Hi')
    expect(store.getState().run.error).toBe('The company has run out of credits.')
    // Issue 12: the gateway refused before any provider saw it, so the turn goes back to the composer.
    expect(store.getState().playground.messages).toEqual([])
    expect(store.getState().composer.text).toBe('Hi')
  })
})

describe('playground slice: composer', () => {
  it('sends the composer and clears it; an empty send runs only a conversation waiting for an answer', async () => {
    const { store, api } = await ready()
    store.getState().setComposerText('Hi')
    await store.getState().sendComposer()
    expect(store.getState().composer.text).toBe('')
    expect(api.calls).toHaveLength(1)
    await store.getState().sendComposer()
    expect(api.calls).toHaveLength(1)
    store.getState().addMessage('user', 'added without sending')
    await store.getState().sendComposer()
    expect(api.calls).toHaveLength(2)
    expect(api.calls[1]!.body.messages.at(-1)).toEqual({ role: 'user', content: 'added without sending' })
  })
})

describe('playground slice: stop, edit, re-run, choices', () => {
  it('stops mid-stream and keeps what arrived, marked as stopped', async () => {
    const { store } = testStore(fakeGatewayApi(async (_b, opts) => {
      opts.onUpdate?.([choice('Once upon', { finishReason: null })])
      await new Promise((resolve) => opts.signal!.addEventListener('abort', resolve))
      const r = result([choice('Once upon', { finishReason: null })])
      return { ...r, meta: { ...r.meta, stopped: true, usage: null } }
    }))
    store.getState().setModel('gpt-echo')
    const sending = store.getState().send('Tell a story')
    await Promise.resolve()
    await new Promise((r) => setTimeout(r, 0))
    store.getState().stop()
    await sending
    const last = store.getState().playground.messages.at(-1)!
    expect(last).toMatchObject({ content: 'Once upon', pending: false })
    expect(last.answer!.meta!.stopped).toBe(true)
    expect(store.getState().run.status).toBe('idle')
  })

  it('drops the placeholder when stopped before anything arrived', async () => {
    const { store } = testStore(fakeGatewayApi(async (_b, opts) => {
      await new Promise((_r, reject) => opts.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
      throw new Error('unreachable')
    }))
    store.getState().setModel('gpt-echo')
    const sending = store.getState().send('Hi')
    await new Promise((r) => setTimeout(r, 0))
    store.getState().stop()
    await sending
    expect(store.getState().playground.messages.map((m) => m.role)).toEqual(['user'])
    expect(store.getState().run.error).toBeNull()
  })

  it('edits a message, deletes one, and re-runs from an earlier point', async () => {
    let n = 0
    const api = fakeGatewayApi(async () => result([choice(`answer ${++n}`)]))
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    await store.getState().send('q1')
    await store.getState().send('q2')
    const [q1, a1] = store.getState().playground.messages
    store.getState().updateMessage(q1!.id, { content: 'q1 edited' })
    await store.getState().rerunFrom(a1!.id)
    expect(store.getState().playground.messages.map((m) => m.content)).toEqual(['q1 edited', 'answer 3'])
    expect(api.calls[2]!.body.messages).toEqual([{ role: 'user', content: 'q1 edited' }])

    store.getState().deleteMessage(store.getState().playground.messages[1]!.id)
    expect(store.getState().playground.messages.map((m) => m.content)).toEqual(['q1 edited'])
  })

  it('keeps n choices and carries the chosen one forward', async () => {
    const api = fakeGatewayApi(async () => result([choice('A'), { ...choice('B'), index: 1 }]))
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    store.getState().setParam('n', '2')
    await store.getState().send('pick')
    const answer = store.getState().playground.messages[1]!
    expect(answer.answer!.choices).toHaveLength(2)
    store.getState().selectMessageChoice(answer.id, 1)
    expect(store.getState().playground.messages[1]).toMatchObject({ content: 'B', answer: { selected: 1 } })
    await store.getState().send('next')
    expect(api.calls[1]!.body.messages[1]).toEqual({ role: 'assistant', content: 'B' })
  })
})

describe('playground slice: tools and structured output', () => {
  it('answers a tool call, then runs on with the call and its result in the request', async () => {
    const call = { id: 'call_1', type: 'function' as const, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }
    const api = fakeGatewayApi(async (body) => (body.messages.at(-1)!.role === 'tool' ? result([choice('It is 21°C in Paris.')]) : result([choice('', { toolCalls: [call], finishReason: 'tool_calls' })])))
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    store.getState().setToolsText(JSON.stringify([{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }]))
    store.getState().setToolChoice('auto')
    await store.getState().send('Weather in Paris?')
    const assistant = store.getState().playground.messages[1]!
    expect(assistant.toolCalls).toEqual([call])

    await store.getState().answerToolCall(assistant.id, 'call_1', '{"temperature": 21}')
    expect(store.getState().playground.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant'])
    const second = api.calls[1]!.body
    expect(second.tool_choice).toBe('auto')
    expect(second.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', content: '{"temperature": 21}', tool_call_id: 'call_1' },
    ])
  })

  it('waits until every parallel call has a result before running on', async () => {
    const calls = [1, 2].map((i) => ({ id: `c${i}`, type: 'function' as const, function: { name: 'f', arguments: '{}' } }))
    const api = fakeGatewayApi(async (body) => (body.messages.at(-1)!.role === 'tool' ? result([choice('done')]) : result([choice('', { toolCalls: calls })])))
    const { store } = testStore(api)
    store.getState().setModel('gpt-echo')
    store.getState().setToolsText('[{"type":"function","function":{"name":"f"}}]')
    await store.getState().send('go')
    const id = store.getState().playground.messages[1]!.id
    await store.getState().answerToolCall(id, 'c1', 'one')
    expect(api.calls).toHaveLength(1)
    await store.getState().answerToolCall(id, 'c2', 'two')
    expect(api.calls).toHaveLength(2)
    expect(store.getState().playground.messages.at(-1)!.content).toBe('done')
  })

  it('sends a JSON schema response format and remembers the schema on the answer', async () => {
    const { store, api } = await ready()
    store.getState().setResponseFormat({ kind: 'json_schema', name: 'city', schemaText: '{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}' })
    await store.getState().send('A city')
    expect(api.calls[0]!.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'city', schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, strict: true } })
    expect(store.getState().playground.messages[1]!.answer!.structured).toEqual({ kind: 'json_schema', schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } })
  })
})
