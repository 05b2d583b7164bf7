import { isAbort, networkError } from './api-error'

/**
 * A small server-sent-events parser: feed it text as it arrives; it calls `onEvent` once per event
 * with the event's joined `data:` lines and its `event:` name (`message` when it has none).
 */
export function createSseParser(onEvent: (data: string, event: string) => void) {
  let buffer = ''
  let dataLines: string[] = []
  let eventName = ''

  const dispatch = () => {
    if (dataLines.length) onEvent(dataLines.join('\n'), eventName || 'message')
    dataLines = []
    eventName = ''
  }
  const line = (text: string) => {
    if (text === '') return dispatch()
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') dataLines.push(value)
    else if (field === 'event') eventName = value
  }

  return {
    feed(text: string) {
      buffer += text
      let nl: number
      while ((nl = buffer.search(/\r\n|\r|\n/)) !== -1) {
        const sep = buffer[nl] === '\r' && buffer[nl + 1] === '\n' ? 2 : 1
        line(buffer.slice(0, nl))
        buffer = buffer.slice(nl + sep)
      }
    },
    end() {
      if (buffer) line(buffer)
      buffer = ''
      dispatch()
    },
  }
}

/**
 * Reads a response's event stream to its end, one call per event. Resolves 'aborted' when the request's
 * signal stopped it (what arrived has been delivered); any other read failure is a network error.
 */
export async function readEventStream(res: Response, onEvent: (data: string, event: string) => void): Promise<'ended' | 'aborted'> {
  const parser = createSseParser(onEvent)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.feed(value)
    }
    parser.end()
    return 'ended'
  } catch (e) {
    if (isAbort(e)) return 'aborted'
    throw networkError(e)
  }
}
