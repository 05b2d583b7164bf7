import { execFileSync } from 'node:child_process'
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
