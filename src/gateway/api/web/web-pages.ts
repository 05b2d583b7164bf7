/** The two small pages web mode answers itself, before the React app is there to speak. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:36rem;margin:10vh auto;padding:0 1.5rem;color:#1c2230}
@media (prefers-color-scheme:dark){body{background:#12151c;color:#dfe4ee}}code{background:rgba(127,127,127,.15);padding:.1em .35em;border-radius:4px}</style>
</head><body><h1>${title}</h1>${body}</body></html>`

export const invalidTokenPage = () =>
  page(
    'That login link is not valid',
    `<p>The token in the link is not this gateway's admin token. Use the login URL that <code>npm run serve</code> printed when it started
    (or the token in the data dir, file <code>admin-token</code>).</p><p><a href="/">Back to Gatehouse</a></p>`,
  )

export const notBuiltPage = (dir: string) =>
  page(
    'The web interface is not built',
    `<p>The gateway is running, but there is no built renderer in <code>${dir.replace(/[<>&]/g, '')}</code>.</p>
    <p>Build it with <code>npm run build:renderer</code> (<code>npm run serve</code> does this for you when it is missing or stale), then reload.</p>`,
  )
