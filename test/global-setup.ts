import { pythonWithSdks } from './support/python-sdk'
import { realClientsDir } from './support/real-clients'

/**
 * Installs the real clients the tests drive (Claude Code and Codex CLI from npm, the Python SDKs in a
 * venv) once, before any test file runs: test files run in parallel and would otherwise race to build
 * the same cache. Both are kept under node_modules/.cache, so later runs find them at once.
 */
export default function setup(): void {
  realClientsDir()
  pythonWithSdks()
}
