import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const script = join(import.meta.dirname, 'top-functions.mjs')
// One named function, in a package of its own, does nearly all the work: it must come out on top.
const HOT = `function hotSpotForTheTest() { let x = 0; for (let i = 0; i < 2e5; i++) x += Math.sqrt(i); return x }
const end = Date.now() + 400
while (Date.now() < end) hotSpotForTheTest()
`

describe('top-functions.mjs', () => {
  let dir: string
  let profile: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gh-top-functions-'))
    mkdirSync(join(dir, 'node_modules/hot-package'), { recursive: true })
    writeFileSync(join(dir, 'node_modules/hot-package/index.js'), HOT)
    execFileSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'profile')}`, join(dir, 'node_modules/hot-package/index.js')])
    profile = join(dir, 'profile', readdirSync(join(dir, 'profile'))[0]!)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' })

  it('puts the function with the most self time first', () => {
    const out = run(profile, '--top', '3')
    expect(out.status).toBe(0)
    const rows = out.stdout.trim().split('\n').slice(2)
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatch(/%\s+hotSpotForTheTest \S+\/node_modules\/hot-package\/index\.js:1$/)
  })

  it('groups by where the code lives', () => {
    const rows = run(profile, '--by', 'package').stdout.trim().split('\n').slice(2)
    expect(rows[0]).toMatch(/%\s+hot-package$/)
    expect(run(profile, '--by', 'file').stdout.trim().split('\n')[2]).toMatch(/%\s+\S+\/node_modules\/hot-package\/index\.js$/)
  })

  it('counts only the samples inside the windows given', () => {
    const out = run(profile, '--window', '0:1')
    expect(out.stdout).toMatch(/^\S+:\s+0\.0 ms busy, 0\.0 ms idle in 1 window\(s\)/)
    expect(out.stdout.trim().split('\n')).toHaveLength(2)
  })

  it('explains its usage when the arguments are wrong', () => {
    const out = run(profile, '--window', 'soon')
    expect(out.status).toBe(2)
    expect(out.stderr).toMatch(/^usage: node top-functions.mjs FILE.cpuprofile/)
  })
})
