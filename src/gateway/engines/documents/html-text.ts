import { Readability } from '@mozilla/readability'
import { convert, type SelectorDefinition } from 'html-to-text'
import { parseHTML } from 'linkedom'

const headings: SelectorDefinition[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }))
const SELECTORS: SelectorDefinition[] = [
  ...headings,
  { selector: 'a', options: { ignoreHref: true } },
  { selector: 'img', format: 'skip' },
  { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
]
// Without an article, the page's chrome goes too.
const CHROME: SelectorDefinition[] = ['nav', 'header', 'footer', 'aside', 'form', 'script', 'style', 'noscript', 'svg', 'iframe'].map((selector) => ({ selector, format: 'skip' }))

/** A whole document even for a fragment or bare text: linkedom gives those no document element, and Readability needs one. */
function parseDocument(html: string) {
  const parsed = parseHTML(html)
  return parsed.document.documentElement ? parsed : parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`)
}

/** Bytes that are no text (an image, a compressed body) decode to NULs and replacement characters. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096)
  let odd = 0
  for (const ch of sample) if (ch === '\0' || ch === '\uFFFD') odd++
  return odd > 0 && odd >= sample.length / 100
}

const toText = (html: string, extra: SelectorDefinition[] = []) =>
  convert(html, { wordwrap: false, selectors: [...SELECTORS, ...extra] })
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/**
 * An HTML page as clean readable text: Mozilla's Readability finds the article (as Firefox's reader view
 * does), html-to-text lays it out (paragraphs, lists, tables); a page without an article keeps its body
 * less navigation, headers, footers and scripts.
 */
export function readableText(html: string, url?: string): { title: string; text: string } {
  if (looksBinary(html)) return { title: '', text: '' }
  const { document } = parseDocument(html)
  const title = document.querySelector('title')?.textContent?.trim() ?? ''
  if (url) document.documentElement?.setAttribute('data-url', url)
  // Readability's own parameter type, not the DOM lib's \`Document\`: the Node build has no DOM lib (only the
  // electron package's types brought it in, and a plain install without Electron's binary has none).
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 200 }).parse()
  const text = article?.content ? toText(article.content) : ''
  if (text.length >= 200) return { title: article?.title?.trim() || title, text }
  const { document: fresh } = parseDocument(html)
  return { title, text: toText(fresh.body?.innerHTML ?? html, CHROME) }
}
