import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '../..')
const MANIFEST = join(ROOT, 'test/real-clients/package.json')
const CACHE = join(ROOT, 'node_modules/.cache/gatehouse-real-clients')

/**
 * The coding agents of test/real-clients (Claude Code, Codex CLI), installed once from npm into
 * node_modules/.cache and reinstalled when the manifest changes. They are test-only: too heavy for the
 * app's dependencies. Returns the folder whose node_modules/.bin holds `claude` and `codex`.
 */
export function realClientsDir(): string {
  const wanted = createHash('sha256').update(readFileSync(MANIFEST)).digest('hex')
  const installed = join(CACHE, 'installed')
  const stamp = join(CACHE, 'manifest.sha256')
  if (existsSync(installed) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return installed
  rmSync(CACHE, { recursive: true, force: true })
  const building = join(CACHE, 'building')
  mkdirSync(building, { recursive: true })
  copyFileSync(MANIFEST, join(building, 'package.json'))
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: building, stdio: 'inherit' })
  renameSync(building, installed)
  writeFileSync(stamp, wanted)
  return installed
}

/** The path of one of the agents' commands: `claude` or `codex`. */
export function realClientBin(name: 'claude' | 'codex'): string {
  return join(realClientsDir(), 'node_modules/.bin', name)
}
