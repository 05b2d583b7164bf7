import type { Span, Tracer } from '@opentelemetry/api'
import type { SpanExporter } from '@opentelemetry/sdk-trace-base'
import type * as OtelApi from '@opentelemetry/api'
import type * as OtelExporter from '@opentelemetry/exporter-trace-otlp-http'
import type * as OtelResources from '@opentelemetry/resources'
import type * as OtelSdk from '@opentelemetry/sdk-trace-base'
import { loadOnFirstUse } from '../../kernel/load-on-first-use'
import type { Clock } from '../../kernel/runtime'
import { GATEWAY_VERSION } from '../../kernel/version'
import type { UsageRow } from '../../store/repos/usage-repo'
import type { RequestObserver, Run, UsageEndpoint } from '../pipeline/pipeline'
import type { Target } from '../routing/resolve-model'

// OpenTelemetry loads only for a gateway that sends traces (`telemetry.otlp_endpoint`).
const otelApi = loadOnFirstUse<typeof OtelApi>('@opentelemetry/api')
const otelExporter = loadOnFirstUse<typeof OtelExporter>('@opentelemetry/exporter-trace-otlp-http')
const otelResources = loadOnFirstUse<typeof OtelResources>('@opentelemetry/resources')
const otelSdk = loadOnFirstUse<typeof OtelSdk>('@opentelemetry/sdk-trace-base')

/** `gen_ai.operation.name` of each endpoint (OpenTelemetry GenAI semantic conventions); audio keeps the endpoint's own name. */
const OPERATION: Partial<Record<UsageEndpoint, string>> = {
  'chat.completions': 'chat',
  responses: 'chat',
  messages: 'chat',
  'ollama.chat': 'chat',
  completions: 'text_completion',
  'ollama.generate': 'text_completion',
  embeddings: 'embeddings',
}

/** `gen_ai.provider.name`: the well-known names for upstream APIs; the gateway's own engines say so. */
const PROVIDER_NAME: Record<string, string> = { openai: 'openai', anthropic: 'anthropic', local: 'gatehouse.local' }

/** The full OTLP/HTTP traces URL: `telemetry.otlp_endpoint` is the collector's base (as OTEL_EXPORTER_OTLP_ENDPOINT), unless it names /v1/traces itself. */
export const tracesUrl = (endpoint: string): string => (/\/v1\/traces\/?$/.test(endpoint) ? endpoint : `${endpoint.replace(/\/+$/, '')}/v1/traces`)

/**
 * One span per model request, with the GenAI semantic-convention attributes and `svc.team.id`, sent
 * over OTLP/HTTP (JSON) in batches by a TracerProvider of this gateway's own (never the global one).
 * Spans carry names, ids, counts and statuses only, unless `captureContent` is on: then the chat
 * pivot's prompt and answer go in too, never for a team whose data policy keeps no content.
 */
export function createRequestTracer(opts: {
  endpoint: string
  headers?: Record<string, string>
  serviceName?: string
  clock: Clock
  exporter?: SpanExporter
  /** `telemetry.capture_content`: prompts and answers of the chat pivot go in `gen_ai.input.messages` / `gen_ai.output.messages`. */
  captureContent?: boolean
  /** Whether a team lets the gateway keep content (`keep_content`); a team that does not never has any in a span. */
  keepsContent?: (teamId: string) => boolean
}) {
  const { captureContent = false, keepsContent = () => true } = opts
  const { SpanKind, SpanStatusCode } = otelApi()
  const { OTLPTraceExporter } = otelExporter()
  const { AlwaysOnSampler, BasicTracerProvider, BatchSpanProcessor } = otelSdk()
  const { resourceFromAttributes } = otelResources()
  const exporter = opts.exporter ?? new OTLPTraceExporter({ url: tracesUrl(opts.endpoint), headers: opts.headers ?? {} })
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.serviceName ?? 'gatehouse', 'service.version': GATEWAY_VERSION }),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  })
  const tracer: Tracer = provider.getTracer('gatehouse', GATEWAY_VERSION)
  const spans = new WeakMap<Run, Span>()

  const observer: RequestObserver = {
    began(run) {
      const operation = OPERATION[run.endpoint] ?? run.endpoint
      const span = tracer.startSpan(`${operation} ${run.requestedModel}`, {
        kind: SpanKind.CLIENT,
        startTime: run.ctx.startedAt,
        attributes: { 'gen_ai.operation.name': operation, 'gen_ai.request.model': run.requestedModel, 'svc.team.id': run.ctx.principal.team.id, 'svc.request.id': run.ctx.requestId, 'svc.endpoint': run.endpoint },
      })
      spans.set(run, span)
    },
    settled(run: Run, row: UsageRow, target: Target | null) {
      const span = spans.get(run)
      if (!span) return
      spans.delete(run)
      if (target) {
        span.setAttributes({
          'gen_ai.provider.name': PROVIDER_NAME[target.provider.type] ?? target.provider.type,
          'gen_ai.response.model': target.model.upstream ?? target.model.name,
          'svc.model.name': target.model.name,
          ...(target.deployment ? { 'svc.deployment': `${target.deployment.provider}/${target.deployment.upstream}` } : {}),
        })
      }
      span.setAttributes({
        'gen_ai.usage.input_tokens': row.promptTokens,
        'gen_ai.usage.output_tokens': row.completionTokens,
        'http.response.status_code': row.status,
        'svc.credits': row.creditsMicro / 1e6,
        'svc.attempts': row.attempts.length,
      })
      if (captureContent && run.content && keepsContent(run.ctx.principal.team.id)) {
        span.setAttribute('gen_ai.input.messages', JSON.stringify(run.content.input))
        const answer = run.content.output
        if (answer) span.setAttribute('gen_ai.output.messages', JSON.stringify(('messages' in answer ? answer.messages() : answer.choices).map((c) => c.message)))
      }
      if (row.status >= 400) {
        span.setAttribute('error.type', String(row.status))
        span.setStatus({ code: SpanStatusCode.ERROR })
      }
      span.end(opts.clock.now())
    },
  }
  return {
    observer,
    /** Sends what is batched. */
    flush: () => provider.forceFlush(),
    /** Sends what is batched and stops (on the gateway's close). */
    close: () => provider.shutdown(),
  }
}

export type RequestTracer = ReturnType<typeof createRequestTracer>
