import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../../../test/support/harness'
import type { UsageRow } from '../../store/repos/usage-repo'
import { ChunkAccumulator } from '../chat/chunk-accumulator'
import type { Run } from '../pipeline/pipeline'
import type { Target } from '../routing/resolve-model'
import { createRequestTracer, tracesUrl } from './request-tracer'

const run = (teamId: string, output: NonNullable<Run['content']>['output'] = { choices: [{ message: { role: 'assistant', content: 'kept safe' } }] }) =>
  ({
    ctx: { principal: { team: { id: teamId } }, requestId: 'req_1', startedAt: Date.UTC(2026, 0, 1) },
    endpoint: 'chat.completions',
    requestedModel: 'gpt-echo',
    content: { input: [{ role: 'user', content: 'the secret plans' }], output },
  }) as unknown as Run
const row = { status: 200, promptTokens: 5, completionTokens: 2, creditsMicro: 0, attempts: [] } as unknown as UsageRow
const target = { model: { name: 'gpt-echo', upstream: 'gpt-4o-mini' }, provider: { type: 'openai' } } as unknown as Target

async function spansOf(opts: { captureContent?: boolean; keepsContent?: (teamId: string) => boolean }, teamId = 'team-a', output?: NonNullable<Run['content']>['output']) {
  const exporter = new InMemorySpanExporter()
  const tracer = createRequestTracer({ endpoint: 'http://127.0.0.1:9', clock: manualClock(), exporter, ...opts })
  const r = run(teamId, output)
  tracer.observer.began(r)
  tracer.observer.settled(r, row, target)
  await tracer.flush()
  return exporter.getFinishedSpans()
}

describe('the request tracer', () => {
  it('keeps prompt and answer text out of spans unless capture_content is on, and always for a team that keeps no content', async () => {
    const [plain] = await spansOf({})
    expect(plain!.attributes).toMatchObject({ 'gen_ai.request.model': 'gpt-echo', 'gen_ai.usage.input_tokens': 5, 'svc.team.id': 'team-a' })
    expect(JSON.stringify(plain!.attributes)).not.toContain('secret')

    const [captured] = await spansOf({ captureContent: true })
    expect(JSON.parse(String(captured!.attributes['gen_ai.input.messages']))).toEqual([{ role: 'user', content: 'the secret plans' }])
    expect(JSON.parse(String(captured!.attributes['gen_ai.output.messages']))).toEqual([{ role: 'assistant', content: 'kept safe' }])

    const [privateTeam] = await spansOf({ captureContent: true, keepsContent: (id) => id !== 'team-private' }, 'team-private')
    expect(JSON.stringify(privateTeam!.attributes)).not.toContain('secret')
    expect(JSON.stringify(privateTeam!.attributes)).not.toContain('kept safe')
  })

  it("captures a streamed answer's messages from the stream's accumulator, read only when the span is written", async () => {
    const acc = new ChunkAccumulator()
    acc.add({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-echo', choices: [{ index: 0, delta: { role: 'assistant', content: 'kept ' }, finish_reason: null }] } as never)
    acc.add({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-echo', choices: [{ index: 0, delta: { content: 'safe' }, finish_reason: 'stop' }] } as never)
    const [captured] = await spansOf({ captureContent: true }, 'team-a', acc)
    expect(JSON.parse(String(captured!.attributes['gen_ai.output.messages']))).toMatchObject([{ role: 'assistant', content: 'kept safe' }])
  })

  it('sends to the collector base URL /v1/traces, or to a traces URL as given', () => {
    expect(tracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces')
    expect(tracesUrl('http://127.0.0.1:4318/')).toBe('http://127.0.0.1:4318/v1/traces')
    expect(tracesUrl('https://otel.example.com/v1/traces')).toBe('https://otel.example.com/v1/traces')
  })
})
