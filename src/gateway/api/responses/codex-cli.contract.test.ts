import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../../../test/support/chat-harness'
import type { RecordedRequest } from '../../../../test/support/fake-upstream'
import { writeSse } from '../../../../test/support/fake-upstream'
import { TEAM_KEY } from '../../../../test/support/harness'
import { realClientBin } from '../../../../test/support/real-clients'

let h: ChatHarness
let home: string
let codex: string

beforeAll(async () => {
  codex = realClientBin('codex')
  h = await startChatHarness()
  home = mkdtempSync(join(tmpdir(), 'gh-codex-home-'))
  writeFileSync(
    join(home, 'config.toml'),
    [
      'model = "gpt-echo"',
      'model_provider = "gatehouse"',
      // Codex's web search would be the gateway's web_search tool, which needs the network.
      'web_search = "disabled"',
      '[model_providers.gatehouse]',
      'name = "Gatehouse"',
      `base_url = "${h.url}/v1"`,
      'env_key = "GATEHOUSE_API_KEY"',
      'wire_api = "responses"',
    ].join('\n'),
  )
}, 600_000)
afterAll(async () => {
  await h?.close()
  if (home) rmSync(home, { recursive: true, force: true })
})
beforeEach(() => {
  h.openai.requests.length = 0
})

/** A chat answer streamed as the fake upstream's chunks: text, or one tool call. */
function streamAnswer(res: Parameters<typeof writeSse>[0], answer: { text: string } | { call: { id: string; name: string; arguments: string } }) {
  const base = { id: 'chatcmpl-codex', object: 'chat.completion.chunk', created: 1_790_000_000, model: 'gpt-4o-mini' }
  const delta = 'text' in answer ? { role: 'assistant', content: answer.text } : { role: 'assistant', tool_calls: [{ index: 0, id: answer.call.id, type: 'function', function: { name: answer.call.name, arguments: answer.call.arguments } }] }
  writeSse(res, [
    { data: { ...base, choices: [{ index: 0, delta, finish_reason: null }] } },
    { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'text' in answer ? 'stop' : 'tool_calls' }] } },
    { data: { ...base, choices: [], usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 } } },
    { data: '[DONE]' },
  ])
}

/** Runs `codex exec` with stdin closed (it would wait to read more of the prompt from it). */
function codexExec(prompt: string): Promise<{ stdout: string; stderr: string; code: number | null }> {
  const child = spawn(codex, ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--cd', home, prompt], {
    env: { PATH: process.env.PATH, HOME: home, CODEX_HOME: home, GATEHOUSE_API_KEY: TEAM_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 90_000,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ stdout, stderr, code })))
}

describe('Codex CLI through /v1/responses on an upstream chat model', () => {
  it('completes a one-turn task', async () => {
    h.openai.next((_req, res) => {
      streamAnswer(res, { text: 'All done: hello from the gateway.' })
      return true
    })
    const { stdout, stderr, code } = await codexExec('Say hello.')
    expect(code, stderr).toBe(0)
    expect(`${stdout}${stderr}`).toContain('All done: hello from the gateway.')
    const sent = h.openai.requests[0]!.json as { messages: Array<{ role: string; content: unknown }> }
    expect(JSON.stringify(sent.messages.at(-1))).toContain('Say hello.')
    await vi.waitFor(() => expect(h.usageRows()[0]).toMatchObject({ endpoint: 'responses', status: 200, stream: true }))
  }, 180_000)

  it('runs the shell tool the model calls and sends its output back', async () => {
    let toolName = ''
    h.openai.next((req: RecordedRequest, res) => {
      const tools = (req.json.tools ?? []) as Array<{ function: { name: string } }>
      toolName = tools.map((t) => t.function.name).find((n) => n === 'shell' || n === 'exec_command' || n === 'shell_command') ?? ''
      const args = toolName === 'exec_command' ? { cmd: 'echo gatehouse-tool-output' } : toolName === 'shell_command' ? { command: 'echo gatehouse-tool-output' } : { command: ['echo', 'gatehouse-tool-output'] }
      streamAnswer(res, { call: { id: 'call_shell_1', name: toolName, arguments: JSON.stringify(args) } })
      return true
    })
    let toolResult = ''
    h.openai.next((req: RecordedRequest, res) => {
      const messages = req.json.messages as Array<{ role: string; content: unknown; tool_call_id?: string }>
      toolResult = JSON.stringify(messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_shell_1')?.content ?? '')
      streamAnswer(res, { text: 'The command printed its output.' })
      return true
    })
    const { stdout, stderr, code } = await codexExec('Run echo gatehouse-tool-output and tell me what it printed.')
    expect(code, stderr).toBe(0)
    expect(toolName).not.toBe('')
    expect(toolResult).toContain('gatehouse-tool-output')
    expect(`${stdout}${stderr}`).toContain('The command printed its output.')
    expect(h.openai.requests).toHaveLength(2)
  }, 180_000)
})
