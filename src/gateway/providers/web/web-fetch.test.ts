import type { LookupAddress } from 'node:dns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeServer } from '../../../../test/support/fake-upstream'
import { isPublicAddress, type LookupFunction } from './address-policy'
import { createWebFetcher, WebFetchError } from './web-fetch'

const limits = { timeoutMs: 2000, maxBytes: 1000, maxRedirects: 2 }
const signal = new AbortController().signal
const html = ['text/html']

/** DNS for made-up names: each resolves to the address given. */
const fakeDns =
  (table: Record<string, string>): LookupFunction =>
  (hostname, _options, callback) => {
    const address = table[hostname]
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 } satisfies LookupAddress])
  }

const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof WebFetchError ? e.failure : e))

describe('address policy', () => {
  it('counts only global unicast as public', () => {
    for (const ip of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']) expect(isPublicAddress(ip)).toBe(true)
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '224.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(ip), ip).toBe(false)
    }
  })
})

describe('web fetcher', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>
  let port: string
  beforeAll(async () => {
    server = await startFakeServer((req, res) => {
      const send = (type: string, body: string | Buffer) => void res.writeHead(200, { 'content-type': type }).end(body)
      if (req.url === '/page') return send('text/html; charset=utf-8', '<p>hello</p>')
      if (req.url === '/big') return send('text/html', 'x'.repeat(5000))
      if (req.url === '/to-other-loopback') return void res.writeHead(302, { location: `http://127.0.0.2:${port}/page` }).end()
      if (req.url === '/to-named') return void res.writeHead(301, { location: `http://internal.test:${port}/page` }).end()
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end()
      if (req.url === '/hang') return // never answers
      res.writeHead(404).end()
    })
    port = new URL(server.url).port
  })
  afterAll(() => server.close())

  // one loopback address stands in for "public", the rest of 127/8 for "private"
  const onlyFirstLoopback = (ip: string) => ip === '127.0.0.1'
  const fetcher = (extra: Partial<Parameters<typeof createWebFetcher>[0]> = {}) => createWebFetcher({ limits, allowPrivateAddresses: false, allowAddress: onlyFirstLoopback, ...extra })

  it('fetches an allowed page and reads its type and charset', async () => {
    const f = fetcher()
    const page = await f.fetch({ url: `${server.url}/page`, accept: html, signal })
    expect(page).toMatchObject({ status: 200, mediaType: 'text/html', charset: 'utf-8', truncated: false })
    expect(page.body.toString()).toBe('<p>hello</p>')
    await f.close()
  })

  it('checks the address again on every redirect, literal or resolved by DNS', async () => {
    const f = fetcher({ lookup: fakeDns({ 'internal.test': '127.0.0.9', 'public.test': '127.0.0.1' }) })
    expect(await failure(f.fetch({ url: `${server.url}/to-other-loopback`, accept: html, signal }))).toBe('blocked')
    expect(await failure(f.fetch({ url: `${server.url}/to-named`, accept: html, signal }))).toBe('blocked')
    expect(await failure(f.fetch({ url: `http://internal.test:${port}/page`, accept: html, signal }))).toBe('blocked')
    expect((await f.fetch({ url: `http://public.test:${port}/page`, accept: html, signal })).body.toString()).toBe('<p>hello</p>')
    await f.close()
  })

  it('refuses loopback by default, with real DNS for localhost', async () => {
    const f = createWebFetcher({ limits, allowPrivateAddresses: false })
    const err = await f.fetch({ url: `http://localhost:${port}/page`, accept: html, signal }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(WebFetchError)
    expect((err as WebFetchError).message).toMatch(/localhost resolves to (127\.0\.0\.1|::1).*allow_private_addresses/)
    await f.close()
  })

  it('caps size, redirects, content types, schemes and time', async () => {
    const f = fetcher()
    const big = await f.fetch({ url: `${server.url}/big`, accept: html, signal })
    expect([big.body.length, big.truncated]).toEqual([1000, true])
    expect(await failure(f.fetch({ url: `${server.url}/big`, accept: html, signal, whole: true }))).toBe('too_large')
    expect(await failure(f.fetch({ url: `${server.url}/loop`, accept: html, signal }))).toBe('redirects')
    expect(await failure(f.fetch({ url: `${server.url}/page`, accept: ['application/pdf'], signal }))).toBe('content_type')
    expect(await failure(f.fetch({ url: 'file:///etc/passwd', accept: html, signal }))).toBe('scheme')
    expect(await failure(f.fetch({ url: `${server.url}/missing`, accept: html, signal }))).toBe('status')
    const quick = fetcher({ limits: { ...limits, timeoutMs: 300 } })
    expect(await failure(quick.fetch({ url: `${server.url}/hang`, accept: html, signal }))).toBe('timeout')
    await Promise.all([f.close(), quick.close()])
  })
})
