import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runWithCodeCache } from './code-cache'
import { gatewayListening } from './gateway-listening'

/** `npm run serve` runs its CommonJS bundle through this: V8's code cache beside it, never a stale one. */
describe('runWithCodeCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-code-cache-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'bundle.cjs')
  const runs = (globalThis as { codeCacheRuns?: string[] }).codeCacheRuns ?? []
  ;(globalThis as { codeCacheRuns?: string[] }).codeCacheRuns = runs
  const bundle = (says: string) =>
    // require, module and __dirname as a CommonJS module has them.
    `const { basename } = require('node:path')\nmodule.exports.name = basename(__filename)\nglobalThis.codeCacheRuns.push(${JSON.stringify(says)} + ' ' + basename(__dirname))\n`

  it('runs the file as CommonJS, writes the cache once, and later runs use it', async () => {
    writeFileSync(file, bundle('first'))
    const first = runWithCodeCache(file, { writeWhen: (write) => write() })
    expect(first.cache).toBe('none')
    expect(await first.written).toBe(true)
    expect(runs.at(-1)).toBe(`first ${basename(dir)}`)

    const second = runWithCodeCache(file, { writeWhen: (write) => write() })
    expect(second.cache).toBe('accepted')
    expect(await second.written).toBe(false)
    expect(runs).toHaveLength(2)
  })

  it('by default writes the cache once the gateway listens, before any request could change V8 flags', async () => {
    writeFileSync(file, bundle('listening'))
    rmSync(`${file}.v8-cache`, { force: true })
    const run = runWithCodeCache(file)
    let settled = false
    void run.written.then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
    expect(readdirSync(dir)).not.toContain('bundle.cjs.v8-cache')
    gatewayListening.publish({ url: 'http://127.0.0.1:1' })
    expect(await run.written).toBe(true)
    expect(readdirSync(dir)).toContain('bundle.cjs.v8-cache')
  })

  it("never hands V8 a previous build's cache, even for a source of the same length", async () => {
    writeFileSync(file, bundle('again'))
    runWithCodeCache(file, { writeWhen: (write) => write() })
    const cacheBefore = readFileSync(`${file}.v8-cache`)
    writeFileSync(file, bundle('other'))
    const later = new Date(Date.now() + 5000)
    utimesSync(file, later, later)
    const rebuilt = runWithCodeCache(file, { writeWhen: (write) => write() })
    expect(rebuilt.cache).toBe('none')
    expect(runs.at(-1)).toMatch(/^other /)
    expect(await rebuilt.written).toBe(true)
    expect(readFileSync(`${file}.v8-cache`).equals(cacheBefore)).toBe(false)
  })

  it('reads a file with characters outside ASCII as UTF-8 (an ASCII one is read as Latin-1, the same text)', () => {
    writeFileSync(file, `globalThis.codeCacheRuns.push('caf\u00e9 \u00b5s \u2713 \u{1F600}')\n`)
    runWithCodeCache(file, { writeWhen: () => {} })
    expect(runs.at(-1)).toBe('caf\u00e9 \u00b5s \u2713 \u{1F600}')
    writeFileSync(file, 'globalThis.codeCacheRuns.push("caf\\u00e9 \\u2713")\n')
    runWithCodeCache(file, { writeWhen: () => {} })
    expect(runs.at(-1)).toBe('caf\u00e9 \u2713')
  })

  it('runs without a cache when none can be written there', async () => {
    writeFileSync(file, bundle('unwritable'))
    rmSync(`${file}.v8-cache`)
    mkdirSync(`${file}.v8-cache`) // neither readable nor replaceable as a file
    const run = runWithCodeCache(file, { writeWhen: (write) => write() })
    expect(run.cache).toBe('none')
    expect(runs.at(-1)).toMatch(/^unwritable /)
    expect(await run.written).toBe(false)
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})
