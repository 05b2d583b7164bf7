/**
 * A small server-sent-events parser for data-only streams (spec section 6): feed it text as it
 * arrives; it calls `onData` once per event with the event's joined `data:` lines.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = ''
  let dataLines: string[] = []

  const dispatch = () => {
    if (dataLines.length) onData(dataLines.join('\n'))
    dataLines = []
  }
  const line = (text: string) => {
    if (text === '') return dispatch()
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') dataLines.push(value)
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
