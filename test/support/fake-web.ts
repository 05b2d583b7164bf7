import { gzipSync } from 'node:zlib'
import { startFakeServer } from './fake-upstream'

export const BRAVE_TEST_KEY = 'brave-test-key-0123456789'

/** The article every fake search leads to, inside the chrome a real page has (navigation, scripts, footer). */
export const CATS_PAGE = `<!doctype html>
<html><head><title>Cats of Paris</title><style>body { color: red }</style>
<script>var tracking = "SECRET-TRACKER"; document.write('<p>injected</p>')</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/about">About us</a> | <a href="/shop">Shop</a></nav>
<article>
<h1>Cats of Paris</h1>
<p>Paris has <b>many</b> street cats. They sleep on warm zinc roofs near the Seine, and the city's bakers feed them at dawn.</p>
<p>Most of them belong to nobody and everybody: the neighbourhood keeps them, names them and takes them to the vet when they are ill.</p>
<ul><li>Montmartre has the most.</li><li>The Marais has the fattest.</li></ul>
</article>
<footer>Copyright 2024 Cat Facts Ltd. All rights reserved.</footer>
</body></html>`

const DOGS_PAGE = `<!doctype html><html><head><title>Dogs of Lyon</title></head><body><article><h1>Dogs of Lyon</h1>
<p>Lyon's dogs walk along the Rhône every morning, and the city has more dog parks per person than any other in France.</p>
<p>Local rules ask owners to keep them on a lead in the old town, where the lanes are narrow and busy with visitors.</p>
</article></body></html>`

/** Pages a real web serves that hold no readable text: empty, bare words, binary or gzip under an HTML type. */
export const UNREADABLE_PAGES = ['empty', 'tagless', 'binary-html', 'gzip-html', 'gzip-encoded'] as const

/**
 * One loopback server standing in for the web: a SearXNG instance (`/search?format=json`), Brave's
 * search API (`/brave/...`, checking the subscription token), DuckDuckGo's HTML results (`/ddg/html/`),
 * and the pages they point at. It records every request.
 */
export async function startFakeWeb() {
  let base = ''
  const results = () => [
    { title: 'Cats of Paris', url: `${base}/pages/cats`, snippet: 'Paris has many street cats that sleep on zinc roofs.' },
    { title: 'Dogs of Lyon', url: `${base}/pages/dogs`, snippet: "Lyon's dogs walk along the Rhône every morning." },
  ]
  const server = await startFakeServer((req, res) => {
    const url = new URL(req.url, 'http://x')
    const json = (body: unknown, status = 200) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const html = (body: string) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body)
    switch (url.pathname) {
      case '/search': {
        // the query "unreadable pages" finds the cats page and four pages without readable text (five results, the default most)
        const unreadable = UNREADABLE_PAGES.filter((p) => p !== 'tagless').map((p) => ({ title: `The ${p} page`, url: `${base}/pages/${p}`, snippet: `Snippet of the ${p} page.` }))
        const found = url.searchParams.get('q') === 'unreadable pages' ? [results()[0]!, ...unreadable] : results()
        return json({ query: url.searchParams.get('q'), results: found.map((r) => ({ title: r.title, url: r.url, content: r.snippet, engine: 'fake' })) })
      }
      case '/brave/res/v1/web/search':
        if (req.headers['x-subscription-token'] !== BRAVE_TEST_KEY) return json({ error: 'bad token' }, 401)
        return json({ web: { results: results().map((r) => ({ title: r.title, url: r.url, description: r.snippet.replace('many', '<strong>many</strong>') })) } })
      case '/ddg/html/':
        return html(
          `<html><body><div class="results">${results()
            .map((r) => `<div class="result results_links"><h2><a class="result__a" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(r.url)}&rut=abc">${r.title}</a></h2><a class="result__snippet">${r.snippet}</a></div>`)
            .join('')}<div class="result result--ad"><a class="result__a" href="https://ads.example/">Ad</a></div></div></body></html>`,
        )
      case '/pages/cats':
        return html(CATS_PAGE)
      case '/pages/dogs':
        return html(DOGS_PAGE)
      case '/pages/moved':
        return void res.writeHead(302, { location: '/pages/cats' }).end()
      case '/pages/empty':
        return html('')
      case '/pages/tagless':
        return html('just words, no markup at all')
      case '/pages/binary-html':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))
      case '/pages/gzip-html':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end(gzipSync(CATS_PAGE))
      case '/pages/gzip-encoded':
        return void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(DOGS_PAGE))
      case '/pages/binary':
        return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(64))
      default:
        return void res.writeHead(404).end()
    }
  })
  base = server.url
  return server
}

export type FakeWeb = Awaited<ReturnType<typeof startFakeWeb>>
