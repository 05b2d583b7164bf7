import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { electronMajorVersion } from '../electron.vite.config'
import { useTempDirs } from './support/temp-dirs'

const require = createRequire(import.meta.url)
const electronBinary = (() => {
  try {
    const path = require('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
})()

/** The window itself is walked by the Electron specs in e2e/electron (skipped, with the reason, without the binary). */
describe('npm start', () => {
  it('without Electron, says so, names npm run serve and exits 1', (ctx) => {
    if (electronBinary) ctx.skip('Electron is installed here, so npm start opens the app instead')
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/Electron's binary is not installed/)
    expect(run.stderr).toMatch(/npm run serve/)
  })
})

describe('npm run build without the electron package', () => {
  const tempDir = useTempDirs('gh-ev-')

  it("takes Electron's major version from package.json when a plain npm install dropped the package", () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ optionalDependencies: { electron: '^39.5.0' } }))
    expect(electronMajorVersion(dir)).toBe('39')
    mkdirSync(join(dir, 'node_modules', 'electron'), { recursive: true })
    writeFileSync(join(dir, 'node_modules', 'electron', 'package.json'), JSON.stringify({ version: '40.1.2' }))
    expect(electronMajorVersion(dir)).toBe('40')
  })
})
