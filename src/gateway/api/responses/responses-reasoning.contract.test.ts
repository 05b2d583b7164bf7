import type { ServerResponse } from 'node:http'
import type OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())

const REASONING = 'The user greets; a short greeting back fits.'
const ANSWER = 'Hello there.'
const usage = { prompt_tokens: 9, completion_tokens: 14, total_tokens: 23, completion_tokens_details: { reasoning_tokens: 10 } }

function sse(res: ServerResponse, events: Array<[event: string | null, data: unknown]>) {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`)
  res.end()
}

/** A chat stream whose reasoning comes under the given field name, then the answer. */
function reasoningChatStream(res: ServerResponse, field: 'reasoning_content' | 'reasoning') {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => [null, { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'up', choices: [{ index: 0, delta, finish_reason: finish }] }] as [null, unknown]
  sse(res, [chunk({ role: 'assistant', content: '' }), ...REASONING.split(/(?<= )/).map((w) => chunk({ [field]: w })), chunk({ content: ANSWER }), chunk({}, 'stop'), [null, { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'up', choices: [], usage }]])
}

/** Streams a response and checks what an SDK user relies on: numbered events, and the reasoning the final response lists. */
async function streamReasoning(body: OpenAI.Responses.ResponseCreateParamsStreaming | Omit<OpenAI.Responses.ResponseCreateParamsStreaming, 'stream'>) {
  const stream = h.client.responses.stream(body as OpenAI.Responses.ResponseCreateParamsStreaming)
  const events: OpenAI.Responses.ResponseStreamEvent[] = []
  for await (const e of stream) events.push(e)
  const final = await stream.finalResponse()
  expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i))
  const deltas = events.flatMap((e) => (e.type === 'response.reasoning_summary_text.delta' ? [e.delta] : []))
  expect(deltas.join('')).toBe(REASONING)
  expect(events.map((e) => e.type).filter((t) => t.includes('reasoning') || t.startsWith('response.output_item'))).toEqual([
    'response.output_item.added',
    'response.reasoning_summary_part.added',
    ...deltas.map(() => 'response.reasoning_summary_text.delta'),
    'response.reasoning_summary_text.done',
    'response.reasoning_summary_part.done',
    'response.output_item.done',
    'response.output_item.added',
    'response.output_item.done',
  ])
  expect(final.output[0]).toMatchObject({ type: 'reasoning', id: expect.stringMatching(/^rs_/), summary: [{ type: 'summary_text', text: REASONING }] })
  expect(final.output_text).toBe(ANSWER)
  return final
}

describe('reasoning output items on /v1/responses', () => {
  it('lists an OpenAI-type upstream\'s reasoning_content as a reasoning item before the message, keeps it, and does not send it back', async () => {
    h.openai.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: 'up', choices: [{ index: 0, message: { role: 'assistant', content: ANSWER, reasoning_content: REASONING }, finish_reason: 'stop' }], usage }))
      return true
    })
    const created = await h.client.responses.create({ model: 'gpt-echo', input: 'Hi!' })
    expect(created.output.map((o) => o.type)).toEqual(['reasoning', 'message'])
    expect(created.output[0]).toEqual({ id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [{ type: 'summary_text', text: REASONING }] })
    expect(created.output_text).toBe(ANSWER)
    expect(created.usage!.output_tokens_details.reasoning_tokens).toBe(10)
    expect((await h.client.responses.retrieve(created.id)).output).toEqual(created.output)

    await h.client.responses.create({ model: 'gpt-echo', previous_response_id: created.id, input: 'And again?' })
    expect(h.openai.requests.at(-1)!.json.messages).toEqual([
      { role: 'user', content: 'Hi!' },
      { role: 'assistant', content: ANSWER },
      { role: 'user', content: 'And again?' },
    ])
  })

  it('streams an OpenAI-type upstream\'s reasoning (reasoning_content or reasoning deltas) with the reasoning summary events', async () => {
    for (const field of ['reasoning_content', 'reasoning'] as const) {
      h.openai.next((_req, res) => {
        reasoningChatStream(res, field)
        return true
      })
      await streamReasoning({ model: 'gpt-echo', input: 'Hi!' })
    }
  })

  it('lists Anthropic thinking as a reasoning item, whole and streamed; /v1/chat/completions shows it as reasoning_content', async () => {
    const thinkingMessage = { id: 'msg_t', type: 'message', role: 'assistant', model: 'claude-haiku-4-5', content: [{ type: 'thinking', thinking: REASONING, signature: 'sig-not-for-clients' }, { type: 'text', text: ANSWER }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 9, output_tokens: 14 } }
    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(thinkingMessage))
      return true
    })
    const created = await h.client.responses.create({ model: 'claude-echo', input: 'Hi!', reasoning: { effort: 'low' }, max_output_tokens: 4000 })
    expect(created.output.map((o) => o.type)).toEqual(['reasoning', 'message'])
    expect(created.output[0]).toMatchObject({ type: 'reasoning', summary: [{ type: 'summary_text', text: REASONING }] })
    expect(JSON.stringify(created)).not.toContain('sig-not-for-clients')

    h.anthropic.next((_req, res) => {
      const block = (index: number, content_block: unknown) => ['content_block_start', { type: 'content_block_start', index, content_block }] as [string, unknown]
      const delta = (index: number, d: unknown) => ['content_block_delta', { type: 'content_block_delta', index, delta: d }] as [string, unknown]
      sse(res, [
        ['message_start', { type: 'message_start', message: { ...thinkingMessage, content: [], stop_reason: null, usage: { input_tokens: 9, output_tokens: 1 } } }],
        block(0, { type: 'thinking', thinking: '', signature: '' }),
        ...REASONING.split(/(?<= )/).map((w) => delta(0, { type: 'thinking_delta', thinking: w })),
        delta(0, { type: 'signature_delta', signature: 'sig-not-for-clients' }),
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        block(1, { type: 'text', text: '' }),
        delta(1, { type: 'text_delta', text: ANSWER }),
        ['content_block_stop', { type: 'content_block_stop', index: 1 }],
        ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 14 } }],
        ['message_stop', { type: 'message_stop' }],
      ])
      return true
    })
    await streamReasoning({ model: 'claude-echo', input: 'Hi!', reasoning: { effort: 'low' }, max_output_tokens: 4000 })

    h.anthropic.next((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(thinkingMessage))
      return true
    })
    const chat = await h.client.chat.completions.create({ model: 'claude-echo', messages: [{ role: 'user', content: 'Hi!' }] })
    expect(chat.choices[0]!.message).toMatchObject({ content: ANSWER, reasoning_content: REASONING })
  })
})
