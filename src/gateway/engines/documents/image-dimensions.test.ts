import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { imageDimensions } from './image-dimensions'

const canvas = (w: number, h: number) => {
  const c = createCanvas(w, h)
  c.getContext('2d').fillRect(0, 0, 1, 1)
  return c
}

/** A GIF's logical screen descriptor and a BMP's info header, as the formats lay them out. */
function gifHeader(w: number, h: number): Buffer {
  const b = Buffer.alloc(13)
  b.write('GIF89a', 0, 'latin1')
  b.writeUInt16LE(w, 6)
  b.writeUInt16LE(h, 8)
  return b
}

function bmpHeader(w: number, h: number): Buffer {
  const b = Buffer.alloc(54)
  b.write('BM', 0, 'latin1')
  b.writeUInt32LE(40, 14)
  b.writeInt32LE(w, 18)
  b.writeInt32LE(h, 22)
  return b
}

describe('imageDimensions', () => {
  it('reads the size from PNG, JPEG and WebP headers as encoders write them', async () => {
    const c = canvas(123, 45)
    expect(imageDimensions(await c.encode('png'))).toEqual({ format: 'png', width: 123, height: 45 })
    expect(imageDimensions(await c.encode('jpeg'))).toEqual({ format: 'jpeg', width: 123, height: 45 })
    expect(imageDimensions(await c.encode('webp', 80))).toEqual({ format: 'webp', width: 123, height: 45 })
  })

  it('reads GIF and BMP headers, a top-down BMP included', () => {
    expect(imageDimensions(gifHeader(640, 480))).toEqual({ format: 'gif', width: 640, height: 480 })
    expect(imageDimensions(bmpHeader(30_000, -30_000))).toEqual({ format: 'bmp', width: 30_000, height: 30_000 })
  })

  it('takes the size a PNG bomb declares without decoding it', () => {
    const png = Buffer.alloc(33)
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png)
    png.write('IHDR', 12, 'latin1')
    png.writeUInt32BE(30_000, 16)
    png.writeUInt32BE(30_000, 20)
    expect(imageDimensions(png)).toEqual({ format: 'png', width: 30_000, height: 30_000 })
  })

  it('gives null for what is no image or a header cut short', async () => {
    expect(imageDimensions(Buffer.from('just some text'))).toBeNull()
    expect(imageDimensions((await canvas(10, 10).encode('jpeg')).subarray(0, 20))).toBeNull()
    expect(imageDimensions(Buffer.alloc(0))).toBeNull()
  })
})
