/** What the window shows while the gateway is not serving: its state in words, refreshed by the main process. */
export function statusPageUrl(title: string, detail: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><title>Gatehouse</title>
<style>body{font:15px system-ui,sans-serif;margin:0;display:grid;place-items:center;height:100vh;background:#f6f7f9;color:#1d2330}
@media (prefers-color-scheme:dark){body{background:#15181e;color:#e6e8ec}}main{max-width:36rem;padding:2rem}h1{font-size:1.25rem}p{line-height:1.5}</style></head>
<body><main role="status"><h1>${esc(title)}</h1><p>${esc(detail)}</p></main></body></html>`
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`
}
