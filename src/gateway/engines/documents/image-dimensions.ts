export interface ImageDimensions {
  format: 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp'
  width: number
  height: number
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** JPEG's start-of-frame markers (baseline, progressive, lossless...): every SOFn but DHT, JPG and DAC. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function jpegDimensions(b: Buffer): ImageDimensions | null {
  let at = 2
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1]!
    if (marker === 0xff) {
      at++ // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2 // markers without a length
      continue
    }
    if (isStartOfFrame(marker)) return { format: 'jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) }
    at += 2 + b.readUInt16BE(at + 2)
  }
  return null
}

function webpDimensions(b: Buffer): ImageDimensions | null {
  const chunk = b.subarray(12, 16).toString('latin1')
  if (chunk === 'VP8X' && b.length >= 30) return { format: 'webp', width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21)
    return { format: 'webp', width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
  }
  if (chunk === 'VP8 ' && b.length >= 30) return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  return null
}

/**
 * An image's size as its header declares it, read before anything decodes the pixels (which is where
 * a small file that claims 30,000 x 30,000 would take gigabytes). Null for what is not a PNG, JPEG,
 * GIF, WebP or BMP, or a header cut short.
 */
export function imageDimensions(b: Buffer): ImageDimensions | null {
  if (b.length >= 24 && b.subarray(0, 8).equals(PNG_SIGNATURE) && b.subarray(12, 16).toString('latin1') === 'IHDR') return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegDimensions(b)
  if (b.length >= 10 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return { format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) }
  if (b.length >= 16 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return webpDimensions(b)
  if (b.length >= 26 && b.subarray(0, 2).toString('latin1') === 'BM') {
    // BITMAPCOREHEADER (12 bytes) has 16-bit sizes; the later headers 32-bit, a negative height meaning top-down
    const core = b.readUInt32LE(14) === 12
    return core ? { format: 'bmp', width: b.readUInt16LE(18), height: b.readUInt16LE(20) } : { format: 'bmp', width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) }
  }
  return null
}
