import { badRequest } from '../../../shared/errors'
import { locateTopLevelValue, type ByteSpan } from './locate-top-level-value'
import { validateMessagesRequest } from './validate-messages-request'

export interface InspectedMessagesBody {
  model: string
  stream: boolean
  maxTokens: number
  serverTools: number
  /** Byte offsets in the raw body of the top-level `model` string literal, quotes included. */
  modelValueSpan: ByteSpan
  /** The parsed body, for the front that translates it for models that do not speak Messages. */
  body: Record<string, unknown>
}

// fatal: invalid UTF-8 is refused rather than silently replaced, so the bytes forwarded are
// exactly the bytes validated. ignoreBOM: a BOM is kept, so it cannot shift byte offsets.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * Validates a raw /v1/messages body and says where its `model` value sits. The parsed value is
 * only looked at: the bytes forwarded upstream are always `raw` (or `raw` with the model span
 * spliced, see spliceModel), never a re-serialization.
 */
export function inspectMessagesBody(raw: Buffer, opts: { counting?: boolean } = {}): InspectedMessagesBody {
  const body = parseJson(raw)
  const { model, stream, maxTokens, serverTools } = validateMessagesRequest(body, opts)
  const modelValueSpan = locateTopLevelValue(raw, 'model')
  // Both readings come from the same bytes, so they must agree; if not, this is a gateway bug.
  if (!modelValueSpan || JSON.parse(raw.toString('utf8', modelValueSpan.start, modelValueSpan.end)) !== model) {
    throw new Error('inspectMessagesBody: the model span does not hold the parsed model value')
  }
  return { model, stream, maxTokens, serverTools, modelValueSpan, body: body as Record<string, unknown> }
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) {
    throw badRequest('The request body is empty: send a JSON object with "model", "messages" and "max_tokens"', null, 'invalid_json')
  }
  if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) {
    throw badRequest('The request body starts with a byte order mark: send UTF-8 JSON without a BOM', null, 'invalid_json')
  }
  let text: string
  try {
    text = utf8.decode(raw)
  } catch {
    throw badRequest('The request body is not valid UTF-8: encode the JSON body as UTF-8', null, 'invalid_json')
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw badRequest(`The request body is not valid JSON (${detail}): send a JSON object`, null, 'invalid_json')
  }
}
