/** The RIFF/WAVE header of `dataBytes` of mono signed 16-bit little-endian samples. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + dataBytes, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16) // fmt chunk size
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * 2, 28) // byte rate
  header.writeUInt16LE(2, 32) // block align
  header.writeUInt16LE(16, 34) // bits per sample
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(dataBytes, 40)
  return header
}

/** Wraps mono signed 16-bit little-endian samples in a RIFF/WAVE header. */
export function wavFromPcm16(pcm: Uint8Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(pcm.byteLength, sampleRate), pcm])
}

/** Sample rate and sample bytes of a PCM WAVE file; null when the bytes are not one. */
export function readWavPcm16(wav: Uint8Array): { sampleRate: number; channels: number; data: Uint8Array } | null {
  const buf = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength)
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') return null
  let offset = 12
  let format: { sampleRate: number; channels: number; bits: number; codec: number } | null = null
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4)
    const size = buf.readUInt32LE(offset + 4)
    const body = offset + 8
    if (id === 'fmt ' && size >= 16) {
      format = { codec: buf.readUInt16LE(body), channels: buf.readUInt16LE(body + 2), sampleRate: buf.readUInt32LE(body + 4), bits: buf.readUInt16LE(body + 14) }
    } else if (id === 'data' && format) {
      if (format.codec !== 1 || format.bits !== 16) return null
      return { sampleRate: format.sampleRate, channels: format.channels, data: buf.subarray(body, Math.min(buf.length, body + size)) }
    }
    offset = body + size + (size % 2)
  }
  return null
}
