import type { UrlCitation } from '../../../shared/chat/types'

/** What a gateway tool's source is, from its citation URL: a web page, a collection's document, or an uploaded file. */
function describe(url: string): { label: string; href: string | null } {
  if (/^https?:\/\//.test(url)) return { label: new URL(url).host, href: url }
  if (url.startsWith('gatehouse://collections/')) return { label: 'collection document', href: null }
  if (url.startsWith('gatehouse://files/')) return { label: `file ${url.slice('gatehouse://files/'.length)}`, href: null }
  return { label: url, href: null }
}

/** The sources an answer cites (its `url_citation` annotations), each once, in the order first cited. */
export function SourcesList({ citations }: { citations: readonly UrlCitation[] }) {
  const seen = new Map<string, UrlCitation['url_citation']>()
  for (const c of citations) if (!seen.has(c.url_citation.url)) seen.set(c.url_citation.url, c.url_citation)
  if (!seen.size) return null
  return (
    <section className="answer-sources" aria-label="Sources">
      <h3 className="answer-sources-title">Sources</h3>
      <ol>
        {[...seen.values()].map((s) => {
          const { label, href } = describe(s.url)
          return (
            <li key={s.url}>
              {href ? <a href={href} target="_blank" rel="noreferrer noopener">{s.title || label}</a> : <span>{s.title || label}</span>} <span className="muted small">{label}</span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
