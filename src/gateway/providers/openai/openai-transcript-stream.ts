import type { TranscriptDelta } from '../contracts/audio'
import type { UpstreamResponse } from '../upstream/post-json'
import { sseEvents } from '../upstream/sse-events'
import { isEventStream } from '../upstream/sse-stream'
import { UpstreamError } from '../upstream/upstream-error'
import type { VerboseTranscript } from './openai-audio-provider'

interface StreamEvent {
  type?: string
  delta?: string
  text?: string
  usage?: { type?: string; seconds?: number }
  error?: { message?: string }
}

const brokenStream = (providerId: string, why: string) =>
  new UpstreamError({ status: 502, type: 'upstream_error', code: 'upstream_stream_error', message: `The provider "${providerId}" broke off its transcription stream: ${why}`, fallbackable: false, upstreamStatus: null })

/**
 * An upstream's answer to `stream=true`: OpenAI's `transcript.text.delta` events, each handed on as it
 * comes, then `transcript.text.done` with the text and usage. An upstream that does not stream (OpenAI's
 * whisper-1 ignores `stream`) answers JSON: its whole text is one delta.
 */
export async function readTranscriptStream(res: UpstreamResponse, providerId: string, onDelta: (delta: TranscriptDelta) => void): Promise<VerboseTranscript> {
  if (!isEventStream(res)) {
    const whole = (await res.body.json()) as VerboseTranscript
    if (whole.text) onDelta({ text: whole.text })
    return whole
  }
  let text = ''
  for await (const message of sseEvents(res.body)) {
    if (message.data === '[DONE]') break
    let event: StreamEvent
    try {
      event = JSON.parse(message.data) as StreamEvent
    } catch {
      throw brokenStream(providerId, `an event was not JSON (${message.data.slice(0, 80)})`)
    }
    if (event.error) throw brokenStream(providerId, event.error.message ?? 'an error event')
    if (event.type === 'transcript.text.delta' && event.delta) {
      text += event.delta
      onDelta({ text: event.delta })
    } else if (event.type === 'transcript.text.done') {
      return { text: event.text ?? text, usage: event.usage, duration: event.usage?.type === 'duration' ? event.usage.seconds : undefined }
    }
  }
  throw brokenStream(providerId, 'it ended before transcript.text.done')
}
