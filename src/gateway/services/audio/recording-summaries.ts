import { GatewayError } from '../../../shared/errors'
import type { RecordingSummaryInfo, RecordingTranscript } from '../../../shared/recording-wire'
import { clock as playerTime } from '../../../shared/transcript-export'
import type { RequestSignal } from '../../kernel/client-signal'
import type { Clock } from '../../kernel/runtime'
import type { Store } from '../../store/store'
import type { Principal } from '../auth/principal'
import type { ChatService } from '../chat/chat-service'
import { pumpChatStream } from '../chat/pump-chat-stream'
import type { RecordingsAdmin } from '../admin/recordings-admin'
import { seconds } from '../admin/admin-rules'
import { billedTeam } from './billed-team'

/** The key id a summary's usage row carries: asked from the admin API, not with a key. */
export const SUMMARY_KEY_ID = 'admin:recording-summary'

const INSTRUCTIONS = `You summarize the transcript of a recording (a meeting, a call, a voice note). Each line of it starts with the time it was said.
Answer in the transcript's language, in exactly this form and nothing else:
Title: <a short title, at most 8 words>
Summary:
<a few sentences: what was discussed and decided>
Action items:
- <one task per line, with who does it and by when where the transcript says so; "- None" when there are none>`

export interface ParsedSummary {
  title: string
  summary: string
  actionItems: string[]
}

/** Reads the model's answer in the asked form; an answer in another form is kept whole as the summary. */
export function parseSummary(answer: string): ParsedSummary {
  const text = answer.replace(/\r\n/g, '\n').trim()
  const title = /^\s*\**title\**\s*:\s*(.+)$/im.exec(text)?.[1]?.replace(/\*+/g, '').trim()
  const summary = /^\s*\**summary\**\s*:\s*\n?([\s\S]*?)(?=^\s*\**action items\**\s*:|$(?![\s\S]))/im.exec(text)?.[1]?.trim()
  const items = /^\s*\**action items\**\s*:\s*\n?([\s\S]*)$/im.exec(text)?.[1] ?? ''
  const actionItems = items
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter((l) => l && !/^none\.?$/i.test(l))
  if (!title && !summary) return { title: text.split('\n')[0]!.slice(0, 80), summary: text, actionItems }
  return { title: title ?? '', summary: summary ?? '', actionItems }
}

/** The transcript as the model reads it: one line per segment, with the time it starts. */
const timedLines = (t: RecordingTranscript) => (t.segments.length ? t.segments.map((s) => `[${playerTime(s.start)}] ${s.text.trim()}`).join('\n') : t.text)

/**
 * Summaries of recordings by any chat model the team may use, local or upstream: asked through the chat
 * service (routing, fallbacks, credits, a usage row billed to the team, as `/v1/chat/completions`),
 * streamed, and kept with the recording; asking again replaces the summary.
 */
export function createRecordingSummaries(deps: { store: Store; chat: ChatService; recordings: RecordingsAdmin; clock: Clock }) {
  const { store, chat, recordings, clock } = deps

  return {
    /**
     * Checks the request and opens the model's stream (a refusal here is a plain error reply); `pump`
     * then relays the text and keeps the summary once the answer is complete.
     */
    async open(recordingId: string, input: { model: string; team?: string }, req: { requestId: string; signal: RequestSignal }) {
      const rec = recordings.get(recordingId)
      if (!rec.transcript?.text.trim()) throw new GatewayError({ status: 409, type: 'invalid_request_error', code: 'no_transcript', param: 'id', message: `Recording ${recordingId} has no transcript to summarize yet: transcribe it first.` })
      const team = billedTeam(store, input.team, rec.team_id)
      const principal: Principal = { keyId: SUMMARY_KEY_ID, kind: 'team', userId: null, team, deprecation: null, scopes: null }
      const ctx = { principal, requestId: req.requestId, signal: req.signal, source: 'api' as const, startedAt: clock.now() }
      const body = {
        model: input.model,
        stream: true,
        stream_options: { include_usage: true },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: `Recording "${rec.title}":\n\n${timedLines(rec.transcript)}` },
        ],
      }
      const prep = chat.prepare(ctx, body, undefined)
      const opened = await chat.openStream(prep)
      return {
        modelName: opened.target.model.name,
        /** Relays the answer's text; the summary kept, or null when the stream failed (told to `onError`) or the client left. */
        async pump(onDelta: (text: string) => Promise<void>, onError: (e: GatewayError) => Promise<void>): Promise<RecordingSummaryInfo | null> {
          let answer = ''
          const { status } = await pumpChatStream({
            chat,
            prep,
            opened,
            onChunk: async (chunk) => {
              const text = chunk.choices[0]?.delta.content
              if (!text) return
              answer += text
              await onDelta(text)
            },
            onError,
          })
          if (status !== 200) return null
          if (!store.recordings.exists(recordingId)) {
            await onError(new GatewayError({ status: 404, type: 'invalid_request_error', code: 'recording_not_found', param: 'id', message: `Recording ${recordingId} was deleted while its summary was written; the summary was not kept.` }))
            return null
          }
          const parsed = parseSummary(answer)
          const createdAt = clock.now()
          store.recordingSummaries.put({ recordingId, model: opened.target.model.name, ...parsed, usageId: req.requestId, createdAt })
          return { model: opened.target.model.name, title: parsed.title, summary: parsed.summary, action_items: parsed.actionItems, created_at: seconds(createdAt) }
        },
      }
    },
  }
}

export type RecordingSummaries = ReturnType<typeof createRecordingSummaries>
