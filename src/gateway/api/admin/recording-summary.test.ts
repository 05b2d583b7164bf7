import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { writeSse } from '../../../../test/support/fake-upstream'
import { admin, settledUsageRow } from '../../../../test/support/harness'
import type { RecordingInfo, SummaryEvent } from '../../../shared/recording-wire'

let h: ChatHarness
beforeAll(async () => {
  h = await startChatHarness()
})
afterAll(async () => h.close())

const ANSWER = 'Title: Lighthouse budget approved\nSummary:\nThe team approved the lighthouse budget and set the launch.\nAction items:\n- Ana books the crane by Friday\n- Ben writes the press note\n'

/** The upstream streams `text` word by word, then its usage, as OpenAI does with include_usage. */
function upstreamAnswers(text: string) {
  h.openai.next((_req, res) => {
    const base = { id: 'chatcmpl-sum', object: 'chat.completion.chunk', created: 1_790_000_000, model: 'gpt-4o-mini' }
    const words = text.split(/(?<= )/).map((content) => ({ data: { ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] } }))
    writeSse(res, [
      ...words,
      { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
      { data: { ...base, choices: [], usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 } } },
      { data: '[DONE]' },
    ])
    return true
  })
}

const post = (url: string, body: unknown) => fetch(`${h.url}${url}`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function transcribedRecording(team?: string): Promise<RecordingInfo> {
  const started = (await (await post('/admin/recordings', { title: 'Planning call', sample_rate: 16000, ...(team ? { team } : {}) })).json()) as RecordingInfo
  const transcript = { text: 'We approve the lighthouse budget.', segments: [{ id: 0, start: 751, end: 755, text: ' We approve the lighthouse budget.' }] }
  const res = await fetch(`${h.url}/admin/recordings/${started.id}`, { method: 'PATCH', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ transcript }) })
  return (await res.json()) as RecordingInfo
}

const events = (sse: string): SummaryEvent[] =>
  sse
    .split('\n\n')
    .filter((e) => e.startsWith('data: '))
    .map((e) => JSON.parse(e.slice(6)) as SummaryEvent)

describe('POST /admin/recordings/{id}/summarize', () => {
  it('streams a summary from an upstream chat model, keeps it with the recording and bills the team like chat', async () => {
    const rec = await transcribedRecording('alpha')
    upstreamAnswers(ANSWER)
    const res = await post(`/admin/recordings/${rec.id}/summarize`, { model: 'gpt-echo' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const got = events(await res.text())
    expect(got.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text).join('')).toBe(ANSWER)
    const done = got.at(-1)
    expect(done).toMatchObject({ type: 'done', summary: { model: 'gpt-echo', title: 'Lighthouse budget approved', action_items: ['Ana books the crane by Friday', 'Ben writes the press note'] } })

    const sent = h.openai.requests.at(-1)!.json as { messages: Array<{ content: string }> }
    expect(sent.messages[1]!.content).toContain('[12:31] We approve the lighthouse budget.')

    const kept = (await (await fetch(`${h.url}/admin/recordings/${rec.id}`, { headers: admin })).json()) as RecordingInfo
    expect(kept.summary).toMatchObject({ title: 'Lighthouse budget approved', summary: 'The team approved the lighthouse budget and set the launch.' })

    const row = await settledUsageRow(h.gw.store, h.gw.store.recordingSummaries.get(rec.id)!.usageId)
    expect(row).toMatchObject({ endpoint: 'chat.completions', status: 200, stream: true, modelName: 'gpt-echo', teamId: h.gw.store.teams.getByName('alpha')!.id, promptTokens: 120, completionTokens: 40 })
    expect(row.creditsMicro).toBeGreaterThan(0)

    // regenerable: a new summary replaces the last
    upstreamAnswers('Title: Second take\nSummary:\nShorter.\nAction items:\n- None\n')
    await (await post(`/admin/recordings/${rec.id}/summarize`, { model: 'gpt-echo' })).text()
    const again = (await (await fetch(`${h.url}/admin/recordings/${rec.id}`, { headers: admin })).json()) as RecordingInfo
    expect(again.summary).toMatchObject({ title: 'Second take', summary: 'Shorter.', action_items: [] })
  })

  it('refuses before any upstream call, naming the field: a model the team may not use, no team to bill, no transcript', async () => {
    const calls = h.openai.requests.length
    const beta = await transcribedRecording('beta')
    const notAllowed = await post(`/admin/recordings/${beta.id}/summarize`, { model: 'gpt-echo' })
    expect(notAllowed.status).toBeGreaterThanOrEqual(400)
    expect(((await notAllowed.json()) as { error: { param: string } }).error.param).toBe('model')

    const owners = await transcribedRecording()
    const noTeam = await post(`/admin/recordings/${owners.id}/summarize`, { model: 'gpt-echo' })
    expect([noTeam.status, ((await noTeam.json()) as { error: { param: string } }).error.param]).toEqual([400, 'team'])

    const bare = (await (await post('/admin/recordings', { title: 'Empty', sample_rate: 16000, team: 'alpha' })).json()) as RecordingInfo
    const noText = await post(`/admin/recordings/${bare.id}/summarize`, { model: 'gpt-echo' })
    expect(noText.status).toBe(409)
    expect(h.openai.requests.length).toBe(calls)
  })
})
