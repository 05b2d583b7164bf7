import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base'
import { describe, expect, it } from 'vitest'
import { manualClock } from '../../../../test/support/harness'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { Run } from '../pipeline/pipeline'
import type { Target } from '../routing/resolve-model'
import { createRequestTracer, tracesUrl } from './request-tracer'

const run = (teamId: string) =>
  ({
    ctx: { principal: { team: { id: teamId } }, requestId: 'req_1', startedAt: Date.UTC(2026, 0, 1) },
    endpoint: 'chat.completions',
    requestedModel: 'gpt-echo',
    content: { input: [{ role: 'user', content: 'the secret plans' }], output: () => [{ role: 'assistant', content: 'kept safe' }] },
  }) as unknown as Run
const row = { status: 200, promptTokens: 5, completionTokens: 2, creditsMicro: 0, attempts: [] } as unknown as UsageRow
const target = { model: { name: 'gpt-echo', upstream: 'gpt-4o-mini' }, provider: { type: 'openai' } } as unknown as Target

async function spansOf(opts: { captureContent?: boolean; keepsContent?: (teamId: string) => boolean }, teamId = 'team-a') {
  const exporter = new InMemorySpanExporter()
  const tracer = createRequestTracer({ endpoint: 'http://127.0.0.1:9', clock: manualClock(), exporter, ...opts })
  const r = run(teamId)
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

  it('sends to the collector base URL /v1/traces, or to a traces URL as given', () => {
    expect(tracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces')
    expect(tracesUrl('http://127.0.0.1:4318/')).toBe('http://127.0.0.1:4318/v1/traces')
    expect(tracesUrl('https://otel.example.com/v1/traces')).toBe('https://otel.example.com/v1/traces')
  })
})
