import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInherited } from './run-inherited'

const ROOT = join(import.meta.dirname, '../..')
const MANIFEST = join(ROOT, 'test/real-clients/package.json')
const CACHE = join(ROOT, 'node_modules/.cache/gatehouse-real-clients')

/**
 * The coding agents of test/real-clients (Claude Code, Codex CLI), installed once from npm into
 * node_modules/.cache and reinstalled when the manifest changes. They are test-only: too heavy for the
 * app's dependencies. The global setup installs them (installRealClients) before any test file runs.
 */
const installed = join(CACHE, 'installed')
const stamp = join(CACHE, 'manifest.sha256')
const wanted = () => createHash('sha256').update(readFileSync(MANIFEST)).digest('hex')
const upToDate = () => existsSync(installed) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted()

/** Installs the agents unless the cache holds the manifest's; resolves to the folder whose node_modules/.bin holds `claude` and `codex`. */
export async function installRealClients(): Promise<string> {
  if (upToDate()) return installed
  rmSync(CACHE, { recursive: true, force: true })
  const building = join(CACHE, 'building')
  mkdirSync(building, { recursive: true })
  copyFileSync(MANIFEST, join(building, 'package.json'))
  await runInherited('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: building })
  renameSync(building, installed)
  writeFileSync(stamp, wanted())
  return installed
}

/** The folder the global setup installed the agents into. */
export function realClientsDir(): string {
  if (!upToDate()) throw new Error('Claude Code and Codex CLI are not installed: run the tests through vitest, whose global setup (test/global-setup.ts) installs them.')
  return installed
}

/** The path of one of the agents' commands: `claude` or `codex`. */
export function realClientBin(name: 'claude' | 'codex'): string {
  return join(realClientsDir(), 'node_modules/.bin', name)
}
