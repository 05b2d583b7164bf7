/** Helpers to turn attachments and audio replies into what the request and the <audio> element want. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader()
    r.onload = () => resolve(String(r.result))
    r.onerror = () => reject(r.error ?? new Error('Could not read the file.'))
    r.readAsDataURL(file)
  })
}

export const base64OfDataUrl = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1)

const MIME: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', flac: 'audio/flac', opus: 'audio/ogg', aac: 'audio/aac' }

/** The 44-byte RIFF/WAVE header of `dataBytes` of 16-bit little-endian mono samples. */
export function wavHeader(dataBytes: number, sampleRate: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(44)
  const v = new DataView(out.buffer)
  const ascii = (at: number, s: string) => [...s].forEach((ch, i) => v.setUint8(at + i, ch.charCodeAt(0)))
  ascii(0, 'RIFF')
  v.setUint32(4, 36 + dataBytes, true)
  ascii(8, 'WAVEfmt ')
  v.setUint32(16, 16, true)
  v.setUint16(20, 1, true)
  v.setUint16(22, 1, true)
  v.setUint32(24, sampleRate, true)
  v.setUint32(28, sampleRate * 2, true)
  v.setUint16(32, 2, true)
  v.setUint16(34, 16, true)
  ascii(36, 'data')
  v.setUint32(40, dataBytes, true)
  return out
}

/** Raw 16-bit little-endian mono PCM (OpenAI's `pcm16`, 24 kHz) wrapped in a WAV header, so a browser can play it. */
export function pcm16ToWav(base64: string, sampleRate = 24000): Uint8Array {
  const pcm = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const out = new Uint8Array(44 + pcm.length)
  out.set(wavHeader(pcm.length, sampleRate))
  out.set(pcm, 44)
  return out
}

/** A playable URL for a base64 audio reply in the requested format. */
export function audioReplyUrl(base64: string, format: string): string {
  if (format === 'pcm16') {
    const wav = pcm16ToWav(base64)
    let bin = ''
    for (let i = 0; i < wav.length; i += 0x8000) bin += String.fromCharCode(...wav.subarray(i, i + 0x8000))
    return `data:audio/wav;base64,${btoa(bin)}`
  }
  return `data:${MIME[format] ?? 'audio/mpeg'};base64,${base64}`
}
