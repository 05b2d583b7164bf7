import { describe, expect, it } from 'vitest'
import { parseChatCompletionRequest } from '../../../shared/chat/parse-request'
import type { ChatCompletion, ChatCompletionChunk } from '../../../shared/chat/types'
import type { ChatStream } from '../../providers/contracts/chat'
import { finishSteps, prepareSteps, streamSteps, type ChatStep, type ChatStepContext } from './chat-steps'

const c = { state: new Map() } as unknown as ChatStepContext
const completion = (content: string) => ({ choices: [{ index: 0, message: { role: 'assistant', content } }] }) as unknown as ChatCompletion
const tag = (name: string): ChatStep => ({
  name,
  prepare: (req) => ({ ...req, messages: [...req.messages, { role: 'user', content: name }] }),
  finish: (done) => completion(`${done.choices[0]!.message.content}>${name}`),
  stream: (s) => {
    const chunks = (async function* () {
      for await (const chunk of s) yield chunk
      yield { id: name, object: 'chat.completion.chunk', created: 0, model: 'm', choices: [], usage: null } as ChatCompletionChunk
    })()
    return { [Symbol.asyncIterator]: () => chunks, reportedUsage: () => s.reportedUsage() }
  },
})

describe('chat steps', () => {
  it('prepare in order, finish and stream wrappers in reverse order', async () => {
    const steps = [tag('a'), tag('b')]
    const req = await prepareSteps(steps, parseChatCompletionRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }] }), c)
    expect(req.messages.map((m) => m.content)).toEqual(['x', 'a', 'b'])
    expect((await finishSteps(steps, completion('answer'), c)).choices[0]!.message.content).toBe('answer>b>a')
    const base: ChatStream = { [Symbol.asyncIterator]: async function* () {} as never, reportedUsage: () => null }
    const ids: string[] = []
    for await (const chunk of streamSteps(steps, base, c)) ids.push(chunk.id)
    expect(ids).toEqual(['b', 'a'])
  })
})
