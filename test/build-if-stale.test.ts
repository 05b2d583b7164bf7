import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { newestMtime } from '../src/renderer/build-if-stale.mjs'

/** What decides whether `npm run serve` rebuilds a bundle: any change under its sources moves the newest mtime. */
describe('newestMtime', () => {
  const root = mkdtempSync(join(tmpdir(), 'gh-stale-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const src = join(root, 'src')
  const at = (seconds: number) => new Date(seconds * 1000)
  // Every entry at a known time, so each change below is the only newer one.
  const settle = (...paths: string[]) => paths.forEach((p) => utimesSync(p, at(1000), at(1000)))

  mkdirSync(join(src, 'deep', 'deeper'), { recursive: true })
  writeFileSync(join(src, 'deep', 'deeper', 'a.ts'), 'a')
  writeFileSync(join(src, 'b.ts'), 'b')
  const everything = [join(src, 'deep', 'deeper', 'a.ts'), join(src, 'deep', 'deeper'), join(src, 'deep'), join(src, 'b.ts'), src]

  it('sees a file edited in place deep down, which moves no folder', () => {
    settle(...everything)
    expect(newestMtime(src)).toBe(1000_000)
    utimesSync(join(src, 'deep', 'deeper', 'a.ts'), at(2000), at(2000))
    expect(newestMtime(src)).toBe(2000_000)
  })

  it('does not see a test edited in place: tests are not in the bundle', () => {
    writeFileSync(join(src, 'deep', 'a.test.ts'), 'test')
    settle(...everything, join(src, 'deep', 'a.test.ts'))
    utimesSync(join(src, 'deep', 'a.test.ts'), at(2000), at(2000))
    expect(newestMtime(src)).toBe(1000_000)
    rmSync(join(src, 'deep', 'a.test.ts'))
  })

  it('sees a file removed (its folder moves)', () => {
    settle(...everything)
    rmSync(join(src, 'b.ts'))
    expect(newestMtime(src)).toBeGreaterThan(1000_000)
    writeFileSync(join(src, 'b.ts'), 'b')
  })

  it('follows a linked folder, and reads a missing path as never changed', () => {
    const linked = join(root, 'linked')
    mkdirSync(linked)
    writeFileSync(join(linked, 'c.ts'), 'c')
    symlinkSync(linked, join(src, 'link'))
    settle(...everything, linked)
    utimesSync(join(linked, 'c.ts'), at(3000), at(3000))
    expect(newestMtime(src)).toBe(3000_000)
    expect(newestMtime(join(root, 'missing'))).toBe(0)
  })
})
