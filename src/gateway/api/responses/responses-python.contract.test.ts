import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import { TEAM_KEY } from '../../../../test/support/harness'
import { pythonWithSdks, runPython } from '../../../../test/support/python-sdk'

let h: ChatHarness
let python: string
beforeAll(async () => {
  python = pythonWithSdks()
  h = await startChatHarness()
}, 600_000)
afterAll(async () => h?.close())

describe('the Python openai SDK on /v1/responses', () => {
  it('creates a response and streams one, events numbered in order', async () => {
    const seen = (await runPython(python, 'responses_create_stream.py', { GATEHOUSE_URL: h.url, GATEHOUSE_KEY: TEAM_KEY })) as {
      created: { id: string; status: string; text: string; output_tokens: number }
      events: Array<{ type: string; sequence_number: number }>
      deltas: string
      final: { status: string; text: string }
    }
    expect(seen.created).toMatchObject({ id: expect.stringMatching(/^resp_/), status: 'completed', text: 'echo: hello from python', output_tokens: 4 })
    expect(seen.events.map((e) => e.sequence_number)).toEqual(seen.events.map((_, i) => i))
    expect(seen.events[0]!.type).toBe('response.created')
    expect(seen.events.at(-1)!.type).toBe('response.completed')
    expect(seen.deltas).toBe('echo: stream from python')
    expect(seen.final).toMatchObject({ status: 'completed', text: 'echo: stream from python' })
  })
})
