// Builds a bundle when it is missing or older than its sources, so `npm run serve` and `test:e2e` run what the
// sources say straight after `npm install`; when it is up to date this is a quick no-op. Run directly (test:e2e),
// it builds both bundles `npm run serve` runs: the web renderer (out/renderer) and the gateway (out/serve).
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '..', '..')

export const webRenderer = {
  what: 'the web UI',
  output: 'out/renderer/index.html',
  inputs: ['src/renderer', 'src/shared', 'src/preload/api.d.ts', 'vite.renderer.config.ts', 'package-lock.json'],
  config: 'vite.renderer.config.ts',
  missing: 'the gateway will serve the API only',
}

/** The headless gateway's bundle that `npm run serve` runs (vite.serve.config.ts). */
export const gatewayBundle = {
  what: 'the gateway',
  output: 'out/serve/cli.cjs',
  inputs: ['src/gateway', 'src/shared', 'vite.serve.config.ts', 'electron.vite.config.ts', 'package-lock.json'],
  config: 'vite.serve.config.ts',
  missing: 'install the dev dependencies (npm install) to build it',
}

/** Tests sit beside the sources they test and are not in a bundle: editing one rebuilds nothing. */
const isTest = (name) => name.includes('.test.')

/**
 * The newest mtime under `path`, files and folders alike (a folder's changes when an entry is added, removed or
 * renamed; a file edited in place changes only its own), so every entry but a test is stat'ed, once: a folder's
 * listing says which entries are plain files (folders and links are followed).
 */
export function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  let newest = stat?.mtimeMs ?? 0
  if (stat?.isDirectory()) {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isFile() && isTest(entry.name)) continue
      // Not join(): an entry's name holds no separator, and join's normalizing took 5 ms of the 900 paths here.
      const child = `${path}${sep}${entry.name}`
      newest = Math.max(newest, entry.isFile() ? (statSync(child, { throwIfNoEntry: false })?.mtimeMs ?? 0) : newestMtime(child))
    }
  }
  return newest
}

/** Builds `target` with vite in a child process when stale; returns false when it is missing and cannot be built. */
export function buildIfStale({ what, output, inputs, config, missing }) {
  const built = join(root, output)
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0
  if (builtAt && builtAt >= Math.max(...inputs.map((p) => newestMtime(join(root, p))))) return true
  let viteBin
  try {
    viteBin = join(createRequire(import.meta.url).resolve('vite/package.json'), '..', 'bin', 'vite.js')
  } catch {
    console.warn(builtAt ? `${what} may be out of date (vite is not installed to rebuild it).` : `${what} is not built and vite is not installed: ${missing}.`)
    return builtAt > 0
  }
  console.log(builtAt ? `Rebuilding ${what} (its sources changed)…` : `Building ${what} (first run)…`)
  // What ships is a production build whoever asks: a NODE_ENV inherited from a test runner (vitest sets `test`)
  // would pick the libraries' development builds, and under it the renderer built to a blank page.
  const env = { ...process.env, NODE_ENV: 'production' }
  const run = spawnSync(process.execPath, [viteBin, 'build', '--config', config, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env })
  if (run.status !== 0) process.exit(run.status ?? 1)
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildIfStale(webRenderer)
  if (!buildIfStale(gatewayBundle)) process.exit(1)
}
