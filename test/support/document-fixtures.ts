import { execFileSync } from 'node:child_process'
import zlib from 'node:zlib'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Text set in Helvetica by Ghostscript (Debian package ghostscript): lines of known text for OCR and PDF tests. */
export const OCR_LINES = [
  'The quick brown fox jumps over the lazy dog 1234.',
  'Gatehouse reads scanned pages offline with Tesseract.',
  'Invoice number 5521 is due on March 3rd, 2025.',
  'Please pay the balance of 480 euros to the account below.',
]

const escapePs = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`)

function postScript(lines: string[]): string {
  const height = 60 + lines.length * 40
  const shows = lines.map((line, i) => `40 ${height - 50 - i * 40} moveto (${escapePs(line)}) show`).join('\n')
  return `%!PS\n<< /PageSize [640 ${height}] >> setpagedevice\n/Helvetica findfont 20 scalefont setfont\n${shows}\nshowpage\n`
}

/**
 * Renders `lines` with Ghostscript as `png` (150 dpi greyscale), `scanned-pdf` (a PDF holding only an
 * image of the page, as a scanner makes) or `text-pdf` (a PDF with a text layer).
 */
export function renderText(lines: string[], as: 'png' | 'scanned-pdf' | 'text-pdf'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-doc-'))
  try {
    const ps = join(dir, 'page.ps')
    const out = join(dir, 'out')
    writeFileSync(ps, postScript(lines))
    const device = as === 'png' ? ['-sDEVICE=pnggray', '-r150'] : as === 'scanned-pdf' ? ['-sDEVICE=pdfimage8', '-r150'] : ['-sDEVICE=pdfwrite']
    execFileSync('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', ...device, `-sOutputFile=${out}`, ps], { stdio: 'pipe' })
    return readFileSync(out)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Share of the characters of `expected` that `actual` recovers: 1 - edit distance / length (whitespace runs count as one space). */
export function characterAccuracy(expected: string, actual: string): number {
  const a = expected.replace(/\s+/g, ' ').trim()
  const b = actual.replace(/\s+/g, ' ').trim()
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return Math.max(0, 1 - prev[b.length]! / a.length)
}

export interface PdfPageSpec {
  /** MediaBox size in points (1/72 inch). */
  width: number
  height: number
  /** The page's content stream, stored as it is or Flate-compressed. */
  content?: Buffer
  deflated?: boolean
}

/** A PDF built object by object (catalog, page tree, Helvetica, the pages), with a correct xref table. */
export function pdfOfPages(pages: PdfPageSpec[]): Buffer {
  const objects: Buffer[] = []
  const add = (body: Buffer | string) => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body) // object n is objects[n - 1]
  const pageIds = pages.map((_, i) => 4 + i * 2)
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add(`<< /Type /Pages /Count ${pages.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`)
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  for (const [i, page] of pages.entries()) {
    const content = page.content ?? Buffer.alloc(0)
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`)
    add(Buffer.concat([Buffer.from(`<< /Length ${content.length}${page.deflated ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]))
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let at = parts[0]!.length
  for (const [i, body] of objects.entries()) {
    offsets.push(at)
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')])
    parts.push(obj)
    at += obj.length
  }
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('')
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'))
  return Buffer.concat(parts)
}

/**
 * A one-page PDF whose content stream inflates to `inflatedMb` MB (a decompression bomb: about a
 * thousandth of that on disk): one text operator whose array operand holds millions of strings, which a
 * parser holds in memory all at once.
 */
export function pdfBomb(inflatedMb: number): Buffer {
  const strings = Buffer.alloc(inflatedMb * 1024 * 1024, '(ab)')
  const deflated = zlib.deflateSync(Buffer.concat([Buffer.from('BT /F1 1 Tf [', 'latin1'), strings, Buffer.from('] TJ ET\n', 'latin1')]), { level: 9 })
  return pdfOfPages([{ width: 612, height: 792, content: deflated, deflated: true }])
}

/** A valid PNG header (signature, IHDR) claiming `width` x `height` RGBA, with an IDAT of a few zeros: tiny on disk, gigabytes decoded. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([len, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024))), chunk('IEND', Buffer.alloc(0))])
}
