import { anthropicErrorBody } from '../../../shared/error-bodies'
import type { ChatStream } from '../../providers/contracts/chat'
import type { ChatService } from '../chat/chat-service'
import { pumpChatStream } from '../chat/pump-chat-stream'
import type { Served } from '../pipeline/pipeline'
import type { TranslatedMessages } from './messages-service'
import { messagesSseEvent, PivotStreamToMessages } from './pivot-stream-to-messages'

/**
 * Relays a pivot stream as Anthropic's event stream: the events as the chunks come, an `error` event
 * when the upstream fails mid-stream (Anthropic's own shape), and the closing `message_delta` with the
 * usage that was billed.
 */
export async function relayTranslatedMessages(chat: ChatService, t: TranslatedMessages, opened: Served<ChatStream>, write: (text: string) => Promise<void>): Promise<void> {
  const events = new PivotStreamToMessages(t.model)
  const sendAll = async (list: Parameters<typeof messagesSseEvent>[0][]) => {
    if (list.length > 0) await write(list.map(messagesSseEvent).join(''))
  }
  const { status, usage } = await pumpChatStream({
    chat,
    prep: t.chat,
    opened,
    onChunk: (chunk) => sendAll(events.push(chunk)),
    onError: (e) => sendAll([anthropicErrorBody(e) as { type: 'error'; error: { type: string; message: string } }]),
  })
  if (status === 200) await sendAll(events.finish(usage))
}
