import type { EventSourceMessage } from 'eventsource-parser'
import { isPlainObject } from '../../../shared/chat/schema-helpers'
import type { ChatCompletionChunk } from '../../../shared/chat/types'
import type { ChunkBatch } from '../contracts/chat'
import { eventJson } from '../upstream/sse-stream'
import { upstreamStreamError } from '../upstream/upstream-error'
import { choicesSpan, chunkJsonWriter, normalizeChunk } from './openai-wire'

const OPEN = 0x5b // [
const CLOSE = 0x5d // ]

/** Members a chunk's normalizing reads (openai-wire.ts normalizeChunk), and `error`. Any other (`object`, `model`, `obfuscation`...) changes nothing it makes. */
const READ = new Set(['id', 'created', 'service_tier', 'system_fingerprint', 'usage', 'choices', 'error'])
const changesNothing = (members: Record<string, unknown>, keys: Iterable<string>) => {
  for (const key of keys) if (READ.has(key) && !(key === 'usage' && members.usage === null)) return false
  return true
}

/** An event that was parsed whole, as the text around its `choices` array and the chunk that text makes. */
interface Envelope {
  /** The text up to the array (`{"id":...,"choices":`) and after it (`}`, `,"usage":null}`...). */
  before: string
  after: string
  /** The chunk those members make, with no choices. */
  chunk: ChatCompletionChunk
  /**
   * When the members after the array change nothing in the chunk (OpenAI's `"usage":null,"obfuscation":"..."`,
   * whose value differs in every event): what ends the array (`],"usage":`), so that an event whose text after it
   * differs is still read by parsing that text alone.
   */
  arrayEnd: string | null
}

/** A JSON value of the type asked for, or null when the text is not one. */
function parsed<T>(json: string, is: (value: unknown) => value is T): T | null {
  try {
    const value = JSON.parse(json) as unknown
    return is(value) ? value : null
  } catch {
    return null
  }
}

/**
 * Reads the chunk events of an OpenAI-compatible stream into a batch: each chunk normalized, with its JSON for
 * the client (`choices` as the upstream wrote them). A stream's events mostly differ in their `choices` alone:
 * when an event's text before its array is exactly that of the last event parsed whole, and its text after it is
 * too (or holds only members that change nothing), only those parts are parsed: the members before the array are
 * known, and every string of them was made once. Cut so, each part parses alone only where the whole text parses
 * and means the same. Any other event is parsed whole, its errors thrown as before.
 */
export function openAiChunkReader(providerId: string, shape: Parameters<typeof normalizeChunk>[1]) {
  const writeChunk = chunkJsonWriter()
  let envelope: Envelope | null = null

  /** Where the event's array ends when its text around it is the envelope's (or differs only after it in members that change nothing); -1 for any other event. */
  const arrayEndOf = (text: string, e: Envelope): number => {
    if (text.charCodeAt(e.before.length) !== OPEN || !text.startsWith(e.before)) return -1
    const to = text.length - e.after.length
    if (text.endsWith(e.after) && text.charCodeAt(to - 1) === CLOSE) return to
    if (e.arrayEnd === null) return -1
    const end = text.lastIndexOf(e.arrayEnd) + 1
    if (end <= e.before.length) return -1
    const after = parsed(`{${text.slice(end + 1)}`, isPlainObject)
    return after !== null && changesNothing(after, Object.keys(after)) ? end : -1
  }

  /** The chunk of an event the envelope reads, added to the batch; null for any other event. */
  const withEnvelope = (text: string, e: Envelope, into: ChunkBatch): ChatCompletionChunk | null => {
    const to = arrayEndOf(text, e)
    if (to === -1) return null
    const json = text.slice(e.before.length, to)
    const choices = parsed(json, Array.isArray)
    if (choices === null) return null
    const chunk = { ...e.chunk, choices: choices as ChatCompletionChunk['choices'] }
    into.chunks.push(chunk)
    into.json.push(writeChunk(chunk, json))
    return chunk
  }

  /** Adds the event's chunk to the batch and returns it; throws what the upstream's error or broken JSON makes. */
  return (event: EventSourceMessage, into: ChunkBatch): ChatCompletionChunk => {
    const text = event.data
    const known = envelope && withEnvelope(text, envelope, into)
    if (known) return known
    const raw = eventJson(providerId, event)
    if (raw.error) throw upstreamStreamError(providerId, raw.error)
    const chunk = normalizeChunk(raw, shape)
    const span = choicesSpan(text, raw)
    into.chunks.push(chunk)
    into.json.push(span ? writeChunk(chunk, text.slice(span[0], span[1])) : undefined)
    // Only an envelope that makes the same chunk for each event: one without `created` gets each event's own time.
    if (span && typeof raw.created === 'number') envelope = envelopeOf(text, span, chunk)
    return chunk
  }
}

function envelopeOf(text: string, [from, to]: [number, number], chunk: ChatCompletionChunk): Envelope {
  const after = text.slice(to)
  // The members after the array read alone (choicesSpan found them to begin at once after it, `,"key":...`).
  const members = after.length > 1 ? parsed(`{${after.slice(1)}`, isPlainObject) : null
  const arrayEnd = members !== null && changesNothing(members, Object.keys(members)) ? `]${after.slice(0, after.indexOf('":') + 2)}` : null
  return { before: text.slice(0, from), after, chunk: { ...chunk, choices: [] }, arrayEnd }
}
