import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { cachedFolder } from './cached-folder'
import { runInherited } from './run-inherited'

const MANIFEST = join(import.meta.dirname, '../real-clients/package.json')

/**
 * The coding agents of test/real-clients (Claude Code, Codex CLI), installed once from npm into
 * node_modules/.cache and reinstalled when the manifest changes. They are test-only: too heavy for the
 * app's dependencies. The global setup installs them (installRealClients) before any test file runs.
 */
const agents = cachedFolder('gatehouse-real-clients', MANIFEST)

/** Installs the agents unless the cache holds the manifest's; resolves to the folder whose node_modules/.bin holds `claude` and `codex`. */
export function installRealClients(): Promise<string> {
  return agents.make(async (building) => {
    mkdirSync(building)
    copyFileSync(MANIFEST, join(building, 'package.json'))
    await runInherited('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: building })
  })
}

/** The folder the global setup installed the agents into. */
export const realClientsDir = (): string => agents.made('Claude Code and Codex CLI')

/** The path of one of the agents' commands: `claude` or `codex`. */
export function realClientBin(name: 'claude' | 'codex'): string {
  return join(realClientsDir(), 'node_modules/.bin', name)
}
