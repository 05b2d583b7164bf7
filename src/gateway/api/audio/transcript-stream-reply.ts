import type { FastifyReply } from 'fastify'
import { isGatewayError } from '../../../shared/errors'
import { responseSseSink } from '../../http/sse-sink'
import type { Clock } from '../../kernel/runtime'
import type { ServedBy } from '../../services/pipeline/pipeline'
import type { RequestContext } from '../../services/pipeline/request-context'
import type { TimestampGranularity, TranscriptDelta, TranscriptionResult } from '../../services/audio/audio-service'
import { toVerboseJson, type TranscriptFormat } from '../../services/audio/transcript-format'
import { servedHeaders } from '../request-context'
import { openStreamReply } from '../stream-reply'

type Transcribe = (onDelta: (delta: TranscriptDelta, served: ServedBy) => void) => Promise<{ result: TranscriptionResult } & ServedBy>

/** OpenAI's done event; with verbose_json it also carries language, duration and segments (a gateway extension). */
function doneEvent(result: TranscriptionResult, format: TranscriptFormat, granularities?: TimestampGranularity[]) {
  const usage = { type: 'duration', seconds: Math.ceil(result.duration) }
  if (format !== 'verbose_json') return { type: 'transcript.text.done', text: result.text, usage }
  return { type: 'transcript.text.done', ...toVerboseJson(result, granularities), usage }
}

/**
 * `stream=true`: server-sent events in OpenAI's shapes, `transcript.text.delta` {delta} as text is
 * recognised, then `transcript.text.done` {text, usage}. The headers go out with the first event, so a
 * request that fails before any text (a bad file, a model that will not load) still gets a plain error
 * reply with its status; a failure after that ends the stream with an `error` event.
 */
export async function replyTranscriptStream(reply: FastifyReply, clock: Clock, ctx: RequestContext, format: TranscriptFormat, granularities: TimestampGranularity[] | undefined, transcribe: Transcribe): Promise<void> {
  const sink = responseSseSink(reply.raw)
  let sent: Promise<void> | null = null
  const emit = (event: object, served: ServedBy) => {
    if (!sent) {
      openStreamReply(reply, servedHeaders(served, clock.now() - ctx.startedAt))
      sent = Promise.resolve()
    }
    // Deltas are small and come from callbacks that cannot wait: they queue in order behind the socket.
    sent = sent.then(() => sink.send(JSON.stringify(event))).catch(() => undefined)
  }
  try {
    const { result, ...served } = await transcribe((delta, by) => {
      const segment = format === 'verbose_json' && delta.segment ? { segment: { id: delta.segment.id, start: delta.segment.start, end: delta.segment.end, text: delta.segment.text } } : {}
      emit({ type: 'transcript.text.delta', delta: delta.text, ...segment }, by)
    })
    emit(doneEvent(result, format, granularities), served)
  } catch (err) {
    if (!sent) throw err
    if (!ctx.signal.aborted) {
      const e = isGatewayError(err) ? err : { message: (err as Error).message, type: 'api_error', code: 'stream_error' }
      sent = (sent as Promise<void>).then(() => sink.send(JSON.stringify({ type: 'error', error: { message: e.message, type: e.type, code: e.code, param: null } })))
    }
  }
  await sent
  sink.end()
}
