import type { ByteSpan } from './locate-top-level-value'

const QUOTE = 0x22

/**
 * Returns `raw` with only the bytes of `span` (the `model` string literal found by
 * inspectMessagesBody) replaced by the JSON string literal of `upstreamModel`. Every byte
 * outside the span is copied unchanged, so cache_control markers and all other content reach
 * the upstream exactly as the client wrote them.
 */
export function spliceModel(raw: Buffer, span: ByteSpan, upstreamModel: string): Buffer {
  const { start, end } = span
  const isStringLiteral =
    Number.isInteger(start) &&
    Number.isInteger(end) &&
    start >= 0 &&
    end - start >= 2 &&
    end <= raw.length &&
    raw[start] === QUOTE &&
    raw[end - 1] === QUOTE
  if (!isStringLiteral) {
    throw new RangeError(`spliceModel: span ${start}..${end} is not a JSON string literal in a ${raw.length}-byte body`)
  }
  return Buffer.concat([raw.subarray(0, start), Buffer.from(JSON.stringify(upstreamModel), 'utf8'), raw.subarray(end)])
}
