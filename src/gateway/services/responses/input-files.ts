import type { InputContentPart, InputItem } from './responses-types'

/** Reads one of the team's uploaded files (a 404 naming it when there is none). */
export type ReadFile = (fileId: string) => Promise<{ filename: string; bytes: Buffer }>

/** The media type of a file's bytes: PNG, JPEG, GIF, WebP and PDF by their signatures, UTF-8 text, else opaque. */
function mediaTypeOf(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif'
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp'
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf'
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes) ? 'text/plain' : 'application/octet-stream'
}

const dataUrl = (bytes: Buffer) => `data:${mediaTypeOf(bytes)};base64,${bytes.toString('base64')}`

/**
 * `input_image` and `input_file` parts that name an uploaded file (`file_id`) carry its bytes instead
 * (a data URL), so translating the input stays a pure function. Items without such parts are kept as they are.
 */
export async function inlineFileParts(items: InputItem[], read: ReadFile): Promise<InputItem[]> {
  const needs = (p: InputContentPart) => (p.type === 'input_image' || p.type === 'input_file') && typeof p.file_id === 'string' && !('file_data' in p && p.file_data) && !('image_url' in p && p.image_url)
  return Promise.all(
    items.map(async (item) => {
      if (!('content' in item) || !Array.isArray(item.content) || !item.content.some(needs)) return item
      const content = await Promise.all(
        item.content.map(async (p): Promise<InputContentPart> => {
          if (!needs(p)) return p
          const { filename, bytes } = await read((p as { file_id: string }).file_id)
          if (p.type === 'input_image') return { ...p, image_url: dataUrl(bytes) }
          return { ...(p as Extract<InputContentPart, { type: 'input_file' }>), file_data: dataUrl(bytes), filename: (p as { filename?: string }).filename ?? filename }
        }),
      )
      return { ...item, content } as InputItem
    }),
  )
}
